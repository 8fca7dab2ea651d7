/** Starts the data source, then renders the file page inside a TanStack Query provider. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { FilePage } from './FilePage.tsx';
import { startDataSource } from './data-source.ts';

const client = await startDataSource();
const queryClient = new QueryClient();
const fileKey = new URLSearchParams(window.location.search).get('file') ?? 'hN3wPq8XkT2mZ4rY';
const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <FilePage client={client} fileKey={fileKey} />
    </QueryClientProvider>
  </StrictMode>,
);
