/** The shopping list: lists the items, adds one, removes one, with the generated TanStack Query hooks. */
import { useState, type FormEvent } from 'react';
import { useCreateItemMutation, useDeleteItemMutation, useListItems } from './api/react-query.js';
import type { Client } from './api/sdk.js';

export function App({ client }: { client: Client }) {
  const items = useListItems(client);
  const create = useCreateItemMutation(client);
  const remove = useDeleteItemMutation(client);
  const [name, setName] = useState('');
  const [quantity, setQuantity] = useState(1);

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    create.mutate({ body: { name: name.trim(), quantity } }, { onSuccess: () => setName('') });
  };

  return (
    <main>
      <h1>Shopping list</h1>
      <form onSubmit={submit} aria-label="Add an item">
        <label>
          Item <input name="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={60} />
        </label>
        <label>
          Quantity <input name="quantity" type="number" min={1} max={99} value={quantity} onChange={(e) => setQuantity(Number(e.target.value) || 1)} />
        </label>
        <button type="submit" disabled={create.isPending}>
          Add
        </button>
      </form>
      {create.error && <p role="alert">Could not add the item: {create.error.message}</p>}
      {remove.error && <p role="alert">Could not remove the item: {remove.error.message}</p>}
      {items.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : items.isError ? (
        <p role="alert">Could not load the list: {items.error.message}</p>
      ) : items.data.length === 0 ? (
        <p data-testid="empty">The list is empty.</p>
      ) : (
        <ul aria-label="Items">
          {items.data.map((item) => (
            <li key={item.id} data-id={item.id}>
              <span className="name">{item.name}</span> × <span className="quantity">{item.quantity}</span>{' '}
              <button type="button" onClick={() => remove.mutate({ path: { itemId: item.id } })} aria-label={`Remove ${item.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <p data-testid="status">{items.isFetching || create.isPending || remove.isPending ? 'working' : 'idle'}</p>
    </main>
  );
}
