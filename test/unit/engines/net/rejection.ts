import assert from 'node:assert/strict';
import { FetchFailure } from '../../../../engines/net/errors.ts';

/** What `promise` rejects with, asserted to be the error `is` accepts (`expected` names it in the assertion). */
export async function rejection<T>(promise: Promise<unknown>, is: (error: unknown) => error is T, expected: string): Promise<T> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  assert.ok(is(error), `expected ${expected}, got ${error instanceof Error ? `${error.name}: ${error.message}` : JSON.stringify(error)}`);
  return error;
}

/** The FetchFailure `promise` rejects with. */
export const failure = (promise: Promise<unknown>): Promise<FetchFailure> =>
  rejection(promise, (error): error is FetchFailure => error instanceof FetchFailure, 'a FetchFailure');
