/**
 * A minimal WAV writer for sample files: RIFF `WAVE` with one `fmt ` chunk (PCM, 16-bit
 * little-endian, interleaved channels) and one `data` chunk. Every browser plays it, which is
 * why the demos' audio is WAV: an Ogg or MP3 would need an encoder we do not have, and bytes
 * that only begin like one do not play.
 */
import { ByteWriter } from './byte-writer.ts';

/** WAVE_FORMAT_PCM in the `fmt ` chunk. */
export const WAV_FORMAT_PCM = 1;
const BYTES_PER_SAMPLE = 2;

export interface WavOptions {
  /** Frames per second, e.g. 11025. */
  sampleRate: number;
  /** Interleaved channels in `samples`; default 1. */
  channels?: number;
}

/**
 * `samples` are signed 16-bit values, channels interleaved (left, right, left, …). RIFF sizes
 * are u32 little-endian; an odd-sized chunk would take a pad byte, 16-bit data never is.
 */
export function encodeWav(samples: Int16Array, options: WavOptions): Uint8Array {
  const channels = options.channels ?? 1;
  if (!Number.isInteger(channels) || channels < 1 || samples.length % channels !== 0) {
    throw new RangeError(`${samples.length} samples do not split into ${channels} channels`);
  }
  const dataLength = samples.length * BYTES_PER_SAMPLE;
  const writer = new ByteWriter(44 + dataLength)
    .ascii('RIFF')
    .u32le(36 + dataLength)
    .ascii('WAVE')
    .ascii('fmt ')
    .u32le(16)
    .u16le(WAV_FORMAT_PCM)
    .u16le(channels)
    .u32le(options.sampleRate)
    .u32le(options.sampleRate * channels * BYTES_PER_SAMPLE)
    .u16le(channels * BYTES_PER_SAMPLE)
    .u16le(BYTES_PER_SAMPLE * 8)
    .ascii('data')
    .u32le(dataLength);
  for (const sample of samples) writer.i16le(sample);
  return writer.finish();
}

/** One note of a synthesized tune: a frequency in Hz (0: a rest) for some seconds. */
export interface Note {
  frequency: number;
  seconds: number;
}

/**
 * Notes one after another as a sine with a short attack and decay per note (no clicks at
 * the joins), at `volume` of full scale. Deterministic: same notes, same samples.
 */
export function synthesize(notes: readonly Note[], sampleRate: number, volume = 0.4): Int16Array {
  const lengths = notes.map((note) => Math.round(note.seconds * sampleRate));
  const out = new Int16Array(lengths.reduce((sum, length) => sum + length, 0));
  let at = 0;
  notes.forEach((note, index) => {
    const length = lengths[index]!;
    const fade = Math.max(1, Math.min(Math.round(sampleRate * 0.01), length >> 1));
    for (let i = 0; i < length; i++) {
      const envelope = Math.min(1, i / fade, (length - i) / fade);
      const value = Math.sin((2 * Math.PI * note.frequency * i) / sampleRate);
      out[at + i] = Math.round(value * envelope * volume * 32767);
    }
    at += length;
  });
  return out;
}
