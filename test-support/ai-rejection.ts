import { expect } from 'vitest';
import { AiError } from '../src/web/lib/ai/errors';

/** The AiError a promise rejects with (tests only); fails the test when it resolves or rejects otherwise. */
export async function rejection(promise: Promise<unknown>): Promise<AiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}
