/** Tests: the FormatError a call throws (another throw, or none, fails the test). */
import { FormatError } from '../format-error.ts';

export function formatErrorOf(run: () => unknown): FormatError {
  try {
    run();
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('no error thrown');
}
