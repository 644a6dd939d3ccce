import { describe, expect, it } from 'vitest';
import { ByteReader } from './byte-reader.ts';
import { WAV_FORMAT_PCM, encodeWav, synthesize } from './tiny-wav.ts';

/** The header fields a player reads, read back field by field. */
function readWav(bytes: Uint8Array) {
  const reader = new ByteReader(bytes);
  const text = (length: number) => reader.ascii(length);
  return {
    riff: text(4),
    riffSize: reader.u32le(),
    wave: text(4),
    fmt: text(4),
    fmtSize: reader.u32le(),
    format: reader.u16le(),
    channels: reader.u16le(),
    sampleRate: reader.u32le(),
    byteRate: reader.u32le(),
    blockAlign: reader.u16le(),
    bitsPerSample: reader.u16le(),
    data: text(4),
    dataSize: reader.u32le(),
    firstSample: reader.i16le(),
  };
}

describe('encodeWav', () => {
  it('writes a PCM RIFF/WAVE whose sizes and rates agree with its samples', () => {
    const samples = Int16Array.of(-32768, 32767, 0, 1000, -1000, 5);
    const bytes = encodeWav(samples, { sampleRate: 11025, channels: 2 });
    expect(bytes.length).toBe(44 + samples.length * 2);
    expect(readWav(bytes)).toEqual({
      riff: 'RIFF',
      riffSize: bytes.length - 8,
      wave: 'WAVE',
      fmt: 'fmt ',
      fmtSize: 16,
      format: WAV_FORMAT_PCM,
      channels: 2,
      sampleRate: 11025,
      byteRate: 11025 * 2 * 2,
      blockAlign: 4,
      bitsPerSample: 16,
      data: 'data',
      dataSize: samples.length * 2,
      firstSample: -32768,
    });
  });

  it('refuses samples that do not split into whole frames', () => {
    expect(() => encodeWav(new Int16Array(3), { sampleRate: 8000, channels: 2 })).toThrow(
      RangeError,
    );
  });
});

describe('synthesize', () => {
  it('makes each note its length, within the volume, starting and ending at silence', () => {
    const samples = synthesize(
      [
        { frequency: 440, seconds: 0.25 },
        { frequency: 0, seconds: 0.1 },
        { frequency: 660, seconds: 0.25 },
      ],
      8000,
      0.5,
    );
    expect(samples.length).toBe(2000 + 800 + 2000);
    expect(samples[0]).toBe(0);
    expect(Math.max(...samples.map(Math.abs))).toBeLessThanOrEqual(Math.ceil(0.5 * 32767));
    expect(Math.max(...samples.slice(0, 2000).map(Math.abs))).toBeGreaterThan(10_000);
    expect(samples.slice(2000, 2800).every((sample) => sample === 0)).toBe(true);
  });
});
