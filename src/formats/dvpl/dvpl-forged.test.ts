/**
 * Forged fields: write a valid file, change one footer field (or payload byte), and check
 * the code and the offset — in the strict reader and in the session — and the check order.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../binary/byte-source.ts';
import { FormatError } from '../../binary/format-error.ts';
import { FIXTURE_CONTENT, forgeDvpl } from './fixtures/make-fixtures.ts';
import { DVPL_FOOTER_FIELD as FIELD, DVPL_FOOTER_SIZE, decodeDvpl, readDvpl } from './read.ts';
import type { DvplType } from './types.ts';

async function strictError(bytes: Uint8Array): Promise<{ code: string; offset: number }> {
  try {
    await decodeDvpl(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    const { code, offset } = error as FormatError;
    return { code, offset };
  }
  throw new Error('expected a FormatError');
}

async function readFatal(bytes: Uint8Array) {
  const { fatal } = await readDvpl(new MemoryByteSource(bytes, 'forged.dvpl'));
  return fatal && { code: fatal.code, offset: fatal.offset };
}

describe.each([0, 1, 2, 3] as const)('type %i: one forged field at a time', (type: DvplType) => {
  const footerAt = forgeDvpl(FIXTURE_CONTENT, type).length - DVPL_FOOTER_SIZE;

  it('the magic → BAD_MAGIC at the magic', async () => {
    const bytes = forgeDvpl(FIXTURE_CONTENT, type, (footer) => void (footer.magic = 'dvpl'));
    const expected = { code: 'BAD_MAGIC', offset: footerAt + FIELD.magic };
    expect(await strictError(bytes)).toEqual(expected);
    expect(await readFatal(bytes)).toEqual(expected);
  });

  it('the compressed size → SIZE_MISMATCH at that field', async () => {
    const bytes = forgeDvpl(FIXTURE_CONTENT, type, (footer) => void (footer.compressedSize -= 1));
    const expected = { code: 'SIZE_MISMATCH', offset: footerAt + FIELD.compressedSize };
    expect(await strictError(bytes)).toEqual(expected);
    expect(await readFatal(bytes)).toEqual(expected);
  });

  it('the CRC → BAD_VALUE at the CRC (strict); an issue, and still decoded (session)', async () => {
    const bytes = forgeDvpl(
      FIXTURE_CONTENT,
      type,
      (footer) => void (footer.crc = ~footer.crc >>> 0),
    );
    expect(await strictError(bytes)).toEqual({ code: 'BAD_VALUE', offset: footerAt + FIELD.crc });
    const result = await readDvpl(new MemoryByteSource(bytes));
    expect(result.fatal).toBeNull();
    expect(result.issues.map((issue) => [issue.code, issue.span?.offset])).toEqual([
      ['CRC_MISMATCH', footerAt + FIELD.crc],
    ]);
    expect(result.value.content).toEqual(FIXTURE_CONTENT);
  });

  it('the type → UNSUPPORTED_COMPRESSION at the type', async () => {
    const bytes = forgeDvpl(FIXTURE_CONTENT, type, (footer) => void (footer.type = 4));
    const expected = { code: 'UNSUPPORTED_COMPRESSION', offset: footerAt + FIELD.type };
    expect(await strictError(bytes)).toEqual(expected);
    expect(await readFatal(bytes)).toEqual(expected);
  });

  it('the uncompressed size, one more or one less → SIZE_MISMATCH at that field', async () => {
    for (const delta of [1, -1]) {
      const bytes = forgeDvpl(
        FIXTURE_CONTENT,
        type,
        (footer) => void (footer.uncompressedSize += delta),
      );
      const expected = { code: 'SIZE_MISMATCH', offset: footerAt + FIELD.uncompressedSize };
      expect(await strictError(bytes)).toEqual(expected);
      expect(await readFatal(bytes)).toEqual(expected);
    }
  });

  it('a declared size of 4 GiB − 1 is refused before allocating', async () => {
    const bytes = forgeDvpl(
      FIXTURE_CONTENT,
      type,
      (footer) => void (footer.uncompressedSize = 0xffffffff),
    );
    expect(await strictError(bytes)).toEqual({
      code: 'TOO_LARGE',
      offset: footerAt + FIELD.uncompressedSize,
    });
  });
});

describe('check order and payload damage', () => {
  it('checks the magic before the compressed size, and that before the CRC', async () => {
    const both = forgeDvpl(FIXTURE_CONTENT, 1, (footer) => {
      footer.magic = 'XXXX';
      footer.compressedSize = 0;
      footer.crc = 0;
    });
    expect((await strictError(both)).code).toBe('BAD_MAGIC');
    const sizeAndCrc = forgeDvpl(FIXTURE_CONTENT, 1, (footer) => {
      footer.compressedSize = 0;
      footer.crc = 0;
    });
    expect((await strictError(sizeAndCrc)).code).toBe('SIZE_MISMATCH');
  });

  it('checks the CRC before decoding (strict): a damaged LZ4 payload with a matching CRC fails in the decoder', async () => {
    // The first token claims 15 + 255 literals: far more than the payload has.
    const damaged = forgeDvpl(FIXTURE_CONTENT, 1, (_footer, payload) => {
      payload[0] = 0xf0;
      payload[1] = 0xff;
    });
    // The writer computed the CRC before the forge: it no longer matches.
    expect((await strictError(damaged)).code).toBe('BAD_VALUE');
    const result = await readDvpl(new MemoryByteSource(damaged));
    expect(result.issues[0]?.code).toBe('CRC_MISMATCH');
    expect(result.fatal?.code).toBe('UNEXPECTED_EOF');
  });

  it('a zlib payload with a bad stream → DECOMPRESS_FAILED', async () => {
    const bytes = forgeDvpl(FIXTURE_CONTENT, 3, (_footer, payload) => {
      payload.fill(0xff, 2, 12);
    });
    const result = await readDvpl(new MemoryByteSource(bytes));
    expect(result.fatal?.code).toBe('DECOMPRESS_FAILED');
  });

  it('a stored payload whose sizes differ → SIZE_MISMATCH at the uncompressed size', async () => {
    const bytes = forgeDvpl(FIXTURE_CONTENT, 0, (footer) => void (footer.uncompressedSize *= 2));
    const footerAt = bytes.length - DVPL_FOOTER_SIZE;
    expect(await readFatal(bytes)).toEqual({ code: 'SIZE_MISMATCH', offset: footerAt });
  });

  it('a file shorter than the footer → UNEXPECTED_EOF at 0', async () => {
    expect(await readFatal(new Uint8Array(19))).toEqual({ code: 'UNEXPECTED_EOF', offset: 0 });
    expect(await strictError(new Uint8Array(0))).toEqual({ code: 'UNEXPECTED_EOF', offset: 0 });
  });
});
