import type { Response } from 'express';

/**
 * Writes the items of `batches` to `res` as one JSON array, batch by batch, honouring
 * back-pressure (waits for `drain`) so memory holds about one batch whatever the total.
 *
 * - The first batch is read before anything is written: a failure there still becomes an
 *   ordinary `{error}` response through the exception filter.
 * - A client that disconnects stops the iteration (the source's `return()` runs).
 * - A failure after the first byte cannot change the status any more: the connection is
 *   destroyed so the client sees a truncated body, never a well-formed but incomplete array, and
 *   the error is rethrown for the filter to log.
 */
export async function streamJsonArray(res: Response, batches: AsyncIterable<readonly unknown[]>): Promise<void> {
  const iterator = batches[Symbol.asyncIterator]();
  let result = await iterator.next();
  let closed = false;
  const onClose = () => {
    closed = true;
  };
  res.on('close', onClose);
  try {
    res.status(200).type('application/json');
    let first = true;
    let chunk = '[';
    while (!result.done) {
      for (const item of result.value) {
        chunk += first ? JSON.stringify(item) : `,${JSON.stringify(item)}`;
        first = false;
      }
      if (!res.write(chunk)) await drained(res);
      chunk = '';
      if (closed || res.destroyed) {
        await iterator.return?.();
        return;
      }
      result = await iterator.next();
    }
    res.end(`${chunk}]`);
  } catch (error) {
    if (res.headersSent) res.destroy();
    await iterator.return?.().catch(() => undefined);
    throw error;
  } finally {
    res.off('close', onClose);
  }
}

/** Resolves on `drain`, or on `close` when the client has gone away. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
