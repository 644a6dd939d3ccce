/**
 * The protocol view as a view plug-in (ui/preview/registry.ts): a `*Messages.xml` file's
 * session offers the `dml-messages` view. Its messages and fields are the tree's rows, with
 * the generic details and their bytes highlighted in the file; the file's row shows the
 * protocol, its messages by order, and the *Decode frame* box.
 */
import type { ViewPlugin } from '../view-plugin.ts';
import { ProtocolPane } from './ProtocolPane.tsx';
import { MESSAGES_VIEW } from './view-types.ts';
import '../view-parts.css';
import './messages-view.css';

export const protocolMessagesView: ViewPlugin = {
  view: MESSAGES_VIEW,
  label: 'Protocol messages',
  filePane: ProtocolPane,
};
