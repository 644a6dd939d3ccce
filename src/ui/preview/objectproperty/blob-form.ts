/**
 * The *Decode blob* form: hex pasted from a capture and the serializer options its bytes do
 * not say, what the decoder is sent of them, and the one form every ObjectProperty pane
 * shows. One form for the page, not one per file: a blob decoded from one pane opens as a
 * file whose pane shows the same text and options, so the next blob of the same capture
 * (or the same bytes with other options) is one paste or one change away. It lasts the
 * page's visit; a reload starts from the network's defaults.
 */
import { formatCount } from '../../format.ts';
import { parseHex } from './parse-hex.ts';

export interface BlobOptions {
  hex: string;
  isShallow: boolean;
  flags: string;
  mask: string;
  isManuallyCompressed: boolean;
}

/** The network's usual serializer: deep, flags 0, mask TRANSMIT | PRIVILEGED_TRANSMIT. */
export const DEFAULT_BLOB_OPTIONS: BlobOptions = {
  hex: '',
  isShallow: false,
  flags: '0',
  mask: '0x18',
  isManuallyCompressed: false,
};

/** The options as the format's settings (the CLI's option names). */
export function settingsOf(options: BlobOptions): Record<string, string> {
  return {
    ...(options.isShallow ? { shallow: 'true' } : {}),
    flags: options.flags.trim(),
    mask: options.mask.trim(),
    ...(options.isManuallyCompressed ? { 'manual-compression': 'true' } : {}),
  };
}

/**
 * Why a flags or mask text is not a u32 as the decoder reads it (`Number`: decimal or `0x`
 * hex), or null when it is. Said here, by the field's label, before anything is decoded.
 */
export function numberProblem(label: string, text: string): string | null {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed !== '' && Number.isInteger(value) && value >= 0 && value <= 0xffffffff) return null;
  return `${label} must be a whole number from 0 to 0xFFFFFFFF (decimal, or hex after 0x), not ${JSON.stringify(text)}.`;
}

/** The form as the decoder takes it, or what in it cannot be sent. */
export type BlobInput =
  | { ok: true; bytes: Uint8Array; settings: Record<string, string> }
  | { ok: false; problem: string };

export function blobInputOf(options: BlobOptions): BlobInput {
  const parsed = parseHex(options.hex);
  if (!parsed.ok) {
    return {
      ok: false,
      problem: `The hex cannot be read at character ${formatCount(parsed.at)}: ${parsed.detail}.`,
    };
  }
  if (parsed.bytes.length === 0) return { ok: false, problem: 'Paste the blob’s bytes first.' };
  const problem =
    numberProblem('Flags', options.flags) ?? numberProblem('Property mask', options.mask);
  if (problem !== null) return { ok: false, problem };
  return { ok: true, bytes: parsed.bytes, settings: settingsOf(options) };
}

/** A form kept outside React, so every pane that mounts the box finds it as it was left. */
export interface BlobForm {
  get(): BlobOptions;
  set(change: Partial<BlobOptions>): void;
  subscribe(listener: () => void): () => void;
}

export function createBlobForm(initial: BlobOptions = DEFAULT_BLOB_OPTIONS): BlobForm {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(change) {
      current = { ...current, ...change };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's form. */
export const blobForm = createBlobForm();
