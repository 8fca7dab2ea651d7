/**
 * A Figma file's page: its name, thumbnail and last change, its comments, and a form that posts one,
 * with the generated TanStack Query hooks (posting invalidates the file's comments, so the list
 * refetches and shows it). An error answer shows the message of Figma's error body (`err`).
 */
import { useState, type FormEvent } from 'react';
import { useGetComments, useGetFile, usePostCommentMutation } from './api/react-query.js';
import type { Client } from './api/sdk.js';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function Time({ at }: { at: string }) {
  return <time dateTime={at}>{when.format(new Date(at))}</time>;
}

export function FilePage({ client, fileKey }: { client: Client; fileKey: string }) {
  const file = useGetFile(client, { path: { file_key: fileKey }, query: { depth: 1 } });
  const comments = useGetComments(client, { path: { file_key: fileKey } }, { enabled: file.isSuccess });
  const post = usePostCommentMutation(client);
  const [message, setMessage] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    post.mutate({ path: { file_key: fileKey }, body: { message: message.trim() } }, { onSuccess: () => setMessage('') });
  };

  if (file.isPending) return <p aria-busy="true">Loading the file…</p>;
  if (file.isError) {
    return (
      <main>
        <h1>File {fileKey}</h1>
        <p role="alert" data-testid="file-error">
          Could not open the file: {file.error.message}
        </p>
      </main>
    );
  }
  return (
    <main>
      <header>
        <h1 data-testid="file-name">{file.data.name}</h1>
        <p>
          Last modified <Time at={file.data.lastModified} /> · version {file.data.version}
        </p>
        {file.data.thumbnailUrl !== undefined && <img src={file.data.thumbnailUrl} alt={`Thumbnail of ${file.data.name}`} />}
      </header>
      <section>
        <h2>Comments</h2>
        {comments.isPending ? (
          <p aria-busy="true">Loading the comments…</p>
        ) : comments.isError ? (
          <p role="alert">Could not load the comments: {comments.error.message}</p>
        ) : comments.data.comments.length === 0 ? (
          <p data-testid="no-comments">No comments yet.</p>
        ) : (
          <ul aria-label="Comments">
            {comments.data.comments.map((comment) => (
              <li key={comment.id} data-id={comment.id}>
                <img src={comment.user.img_url} alt="" />
                <div>
                  <strong className="author">{comment.user.handle}</strong> <Time at={comment.created_at} />
                  <p className="message">{comment.message}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} aria-label="Add a comment">
          <label>
            Comment <textarea name="message" value={message} onChange={(e) => setMessage(e.target.value)} required maxLength={500} />
          </label>
          <button type="submit" disabled={post.isPending}>
            Post
          </button>
        </form>
        {post.isError && <p role="alert">Could not post the comment: {post.error.message}</p>}
      </section>
      <p data-testid="status">{file.isFetching || comments.isFetching || post.isPending ? 'working' : 'idle'}</p>
    </main>
  );
}
