/**
 * A `*Messages.xml` file as bytes: its text (UTF-8, a byte-order mark kept as a character;
 * latin-1 when the bytes are not valid UTF-8, one character per byte), the protocol it
 * describes, and the way from the text's character offsets back to the file's bytes, so
 * what protocol.ts reports in characters lands on the right bytes in the hex view.
 */
import { FormatError, toErrorInfo } from '../../../binary/format-error.ts';
import type { Issue, ParseResult, Span } from '../../model.ts';
import { DML_FORMAT } from '../read.ts';
import { parseDmlProtocol } from './protocol.ts';
import type { DmlProtocol } from './types.ts';

/** Codes of the issues of the file itself (protocol.ts has the protocol's). */
export const DmlProtocolFileIssueCode = {
  /** The bytes are not valid UTF-8: read as latin-1, one character per byte. */
  NOT_UTF8: 'NOT_UTF8',
} as const;

export interface DmlProtocolFile {
  text: string;
  /** The protocol; null when the text is not one (the parse result's `fatal` says why). */
  protocol: DmlProtocol | null;
  /** The file's byte offset of a character offset of the text. */
  byteOffset(at: number): number;
  /** A span of characters as the span of their bytes. */
  byteSpan(span: Span): Span;
}

/** UTF-8 bytes per character offset, where any character takes more than one byte. */
function utf8Offsets(text: string): Uint32Array {
  const offsets = new Uint32Array(text.length + 1);
  let bytes = 0;
  for (let at = 0; at < text.length; at++) {
    offsets[at] = bytes;
    const code = text.charCodeAt(at);
    const isPair = code >= 0xd800 && code < 0xdc00 && at + 1 < text.length;
    if (isPair) {
      // Both halves of a pair start where the pair does; the pair takes four bytes.
      offsets[++at] = bytes;
      bytes += 4;
    } else bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
  }
  offsets[text.length] = bytes;
  return offsets;
}

/** Decodes the bytes: UTF-8 where they are, else latin-1 (and says so). */
function decodeText(bytes: Uint8Array): { text: string; isUtf8: boolean } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    return { text, isUtf8: true };
  } catch {
    let text = '';
    const CHUNK = 0x8000;
    for (let at = 0; at < bytes.length; at += CHUNK) {
      text += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
    }
    return { text, isUtf8: false };
  }
}

/** The file read: its protocol and issues, or the error (offset in bytes) that stopped it. */
function readFile(bytes: Uint8Array): {
  file: DmlProtocolFile;
  issues: Issue[];
  error: FormatError | null;
} {
  const { text, isUtf8 } = decodeText(bytes);
  const offsets = text.length === bytes.length ? null : utf8Offsets(text);
  const byteOffset = (at: number) =>
    offsets ? offsets[Math.max(0, Math.min(at, text.length))]! : at;
  const byteSpan = ({ offset, length }: Span): Span => {
    const start = byteOffset(offset);
    return { offset: start, length: byteOffset(offset + length) - start };
  };
  const file: DmlProtocolFile = { text, protocol: null, byteOffset, byteSpan };
  const issues: Issue[] = [];
  if (!isUtf8) {
    issues.push({
      severity: 'info',
      code: DmlProtocolFileIssueCode.NOT_UTF8,
      message: 'the file is not valid UTF-8: read as latin-1',
    });
  }
  try {
    file.protocol = parseDmlProtocol(text);
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    const { code, detail } = error;
    const at = byteOffset(error.offset);
    return {
      file,
      issues,
      error: new FormatError({ code, offset: at, detail, format: DML_FORMAT }),
    };
  }
  for (const issue of file.protocol.issues) {
    issues.push(issue.span ? { ...issue, span: byteSpan(issue.span) } : issue);
  }
  return { file, issues, error: null };
}

/** Reads a protocol file: the protocol and its issues (spans in bytes), or what stopped it. */
export function readDmlProtocolFile(bytes: Uint8Array): ParseResult<DmlProtocolFile> {
  const { file, issues, error } = readFile(bytes);
  return { value: file, issues, fatal: error ? toErrorInfo(error) : null };
}

/** The protocol of a file; throws its FormatError (offset in bytes) when it is none. */
export function readDmlProtocolOrThrow(bytes: Uint8Array): DmlProtocol {
  const { file, error } = readFile(bytes);
  if (error) throw error;
  return file.protocol!;
}
