/**
 * DML network messages (spec.md "Messages"): the protocols `*Messages.xml` files describe,
 * and frames decoded with them. Offsets are in the bytes given (a pasted frame) or, for
 * protocols, in the XML text (characters). Re-exported by ../types.ts for the UI.
 */
import type { Issue, Span } from '../../model.ts';
import type { DmlTypeName, DmlValue } from '../types.ts';

/** A field a message sends (its NOXFER fields are metadata, not sent). */
export interface DmlMessageFieldDef {
  name: string;
  /** Its `TYPE` as written. */
  typeName: string;
  /** The type's tag (1 GID … 10 WSTR); null when `TYPE` names no DML type. */
  tag: number | null;
  /** Where its element starts in the XML text. */
  offset: number;
  /** Just past its element's end in the XML text. */
  end: number;
}

/** A message of a protocol. */
export interface DmlMessageDef {
  /** The XML element's name (what orders are given by when no message has `_MsgOrder`). */
  element: string;
  /** `_MsgName`, else the element's name. */
  name: string;
  /** Its order number within the protocol (1–255). */
  order: number;
  /** Whether `_MsgOrder` gave it; otherwise it comes from the sorted element names. */
  isOrderGiven: boolean;
  description: string | null;
  handler: string | null;
  accessLevel: number | null;
  /** The fields it sends, in order. */
  fields: DmlMessageFieldDef[];
  /** Where its element starts in the XML text. */
  offset: number;
  /** Just past its element's end in the XML text. */
  end: number;
}

/** A protocol: its `_ProtocolInfo` and its messages, by order. */
export interface DmlProtocol {
  /** The root element's name, e.g. `GameMessages`. */
  name: string;
  serviceId: number;
  /** `ProtocolType`, e.g. `GAME`. */
  type: string;
  /** `ProtocolVersion`; null when absent. */
  version: number | null;
  description: string;
  /** The `_ProtocolInfo` element, in characters of the XML text. */
  info: Span;
  messages: DmlMessageDef[];
  /** Duplicate orders, unknown types, … (spans are in the XML text). */
  issues: Issue[];
}

/** A frame's header: `0D F0`, then the u16 body length, or 0x8000 and a u32 one (large). */
export interface DmlFrameHeader {
  kind: 'small' | 'large';
  /** Bytes of the body that follows. */
  length: number;
  span: Span;
}

/** One decoded field of a message. */
export interface DmlMessageField {
  name: string;
  type: DmlTypeName;
  value: DmlValue;
  /** The value for display: numbers in decimal, GIDs as exact decimal, strings quoted. */
  text: string;
  span: Span;
}

/** One DML message of a data frame: `u8 service, u8 order, u16 length`, then its fields. */
export interface DmlMessage {
  /** Its header and payload (as far as the frame holds them). */
  span: Span;
  service: number;
  order: number;
  /** The u16 length it declares, its 4-byte header included. */
  length: number;
  /** The loaded protocol of its service; null when none is. */
  protocol: string | null;
  /** The message's name when the protocol has its order; null otherwise. */
  name: string | null;
  fields: DmlMessageField[];
  /** Payload bytes not decoded into fields (no description, or after a problem); null: none. */
  rest: Span | null;
  /** The 0x00 byte senders add after a message; null when absent. */
  trailer: Span | null;
}

/** A frame: its header, its body's header, and a control payload or DML messages. */
export interface DmlFrame {
  span: Span;
  header: DmlFrameHeader;
  isControl: boolean;
  opcode: number;
  /** A control opcode's name (`SessionOffer`, `KeepAlive`, …); null for data frames or unknown. */
  opcodeName: string | null;
  /** The body's bytes 2 and 3 (zero in every frame seen). */
  reserved: [number, number];
  /** The body: its 4-byte header and payload. */
  body: Span;
  /** What follows the body's header: a control message's data, or the DML messages. */
  payload: Span;
  /** Data frames: the messages; control frames: none. */
  messages: DmlMessage[];
  issues: Issue[];
}

/** The view a protocol file offers (`ViewCapability.kind`): its messages and a frame decoder. */
export const DML_MESSAGES_VIEW = 'dml-messages';

/** A message of a protocol file, as the view's summary lists it. */
export interface DmlMessageSummary {
  order: number;
  name: string;
  /** Its element's name (it gives the order when no message has `_MsgOrder`). */
  element: string;
  description: string | null;
  /** Its node's path in the tree. */
  path: string;
  fields: { name: string; typeName: string }[];
}

/** What the view shows of a protocol file before any question: `ViewCapability.data()`. */
export interface DmlMessagesSummary {
  name: string;
  serviceId: number;
  type: string;
  version: number | null;
  description: string;
  messages: DmlMessageSummary[];
  issueCount: number;
}

/** The view's questions: decode the frames that hex text (pasted from a capture) spells. */
export type DmlMessagesQuery = { kind: 'decode-frame'; hex: string };

/** A decoded field, as plain data (the view, JSON): its span is in the decoded bytes. */
export interface DmlFieldResult extends Pick<DmlMessageField, 'name' | 'type' | 'text' | 'span'> {
  /** A number, or text: strings as they are, GIDs as exact decimal. */
  value: number | string | null;
}

/** A decoded DML message, as plain data. */
export interface DmlMessageResult extends Pick<
  DmlMessage,
  'span' | 'service' | 'order' | 'length' | 'protocol' | 'name'
> {
  fields: DmlFieldResult[];
  /** Payload bytes not decoded into fields, in hex (`05 24 …`); null: none. */
  raw: string | null;
  rawSpan: Span | null;
  /** Whether the 0x00 senders add follows it. */
  hasTrailer: boolean;
}

/** A decoded frame, as plain data: offsets are in the decoded bytes. */
export interface DmlFrameResult extends Pick<
  DmlFrame,
  'span' | 'header' | 'isControl' | 'opcode' | 'opcodeName'
> {
  /** A control frame's data in hex (null when it has none, and for data frames). */
  data: string | null;
  messages: DmlMessageResult[];
  issues: { severity: string; code: string; message: string; span: Span | null }[];
}

/** The answer to `decode-frame`: the frames decoded, and what stopped the decode, if anything. */
export interface DmlFrameDecode {
  /** How many bytes the hex spelled. */
  byteCount: number;
  frames: DmlFrameResult[];
  /**
   * What stopped the decode, after the frames before it: `text` for hex that is not hex
   * (the offset is the character's in the text), `bytes` for bytes that are not a frame
   * (the offset is the byte's in the decoded bytes), `empty` for text that holds no bytes.
   */
  error: {
    in: 'text' | 'bytes' | 'empty';
    code: string;
    offset: number;
    /** The whole message, `bad magic at 0x15: …`. */
    message: string;
    /** What went wrong, without the code and offset. */
    detail: string;
  } | null;
  /** Frames left undecoded after the first `frames.length` (a long paste is cut short). */
  framesLeft: boolean;
  /** The protocols decoded with. */
  protocols: { name: string; serviceId: number; type: string }[];
}
