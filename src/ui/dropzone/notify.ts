/**
 * Messages the UI raises itself (a folder that could not be read, a sample list that did
 * not load), shown as the same toasts the state layer raises.
 */
import { delve } from '../../state/app.ts';
import type { Toast } from '../../state/types.ts';

export function notify(kind: Toast['kind'], message: string): void {
  delve.actions.notify(kind, message);
}
