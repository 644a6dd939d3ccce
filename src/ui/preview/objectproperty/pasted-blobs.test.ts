/**
 * Decoding a pasted blob: its form read before anything is sent, the bytes decoded by the
 * open file's view (the format's own, here) before they open as a file, a blob that does not
 * decode kept out of the tree until "Open anyway", a failed blob replaced by the next one,
 * and the form left as the user last set it for the next decode.
 */
import { describe, expect, it } from 'vitest';
import { MemoryByteSource } from '../../../binary/byte-source.ts';
import { ErrorCode } from '../../../binary/format-error.ts';
import { objectPropertyFormat } from '../../../formats/objectproperty/module.ts';
import { TYPE_LISTS } from '../../../formats/objectproperty/settings.ts';
import { fixtureBytes } from '../../../formats/objectproperty/test-fixtures.ts';
import type { ObjectPropertyBlobCheck } from '../../../formats/objectproperty/types.ts';
import { inlineServices, sideInputsOf } from '../../../formats/services.ts';
import type { FileStatus, OpenAs } from '../../../state/types.ts';
import type { Result } from '../../../worker/rpc/api.ts';
import {
  blobInputOf,
  createBlobForm,
  DEFAULT_BLOB_OPTIONS,
  numberProblem,
  settingsOf,
  type BlobOptions,
} from './blob-form.ts';
import { createPastedBlobs, type PastedBlobHost } from './pasted-blobs.ts';
import { OBJECT_PROPERTY_FORMAT } from './view-types.ts';

const hexOf = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(' ');
const NESTED_HEX = hexOf(fixtureBytes('nested-object.bin'));
/** The options nested-object.bin was written with (its config.json). */
const NESTED: BlobOptions = {
  ...DEFAULT_BLOB_OPTIONS,
  hex: NESTED_HEX,
  isShallow: true,
  flags: '1',
  mask: '7',
};

/** The view of an open file (a BINd file, with the fixtures' type list): what checks a blob. */
async function hostView() {
  const services = {
    ...inlineServices(),
    sideInputs: sideInputsOf({
      [TYPE_LISTS]: [{ name: 'types.json', bytes: fixtureBytes('types.json') }],
    }),
  };
  const bind = Uint8Array.from([0x42, 0x49, 0x4e, 0x64, ...fixtureBytes('deep-size-boundary.bin')]);
  const session = await objectPropertyFormat.open({
    sources: [new MemoryByteSource(bind, 'Outer.xml')],
    services,
    sink: { nodes: () => undefined, nodeRange: () => undefined },
  });
  return session.view!;
}

interface FakeFile {
  id: string;
  name: string;
  parentId: string | null;
  status: FileStatus;
  openAs?: OpenAs;
  bytes: Uint8Array;
}

/**
 * The app as the controller sees it: files in a list, a blob's open decides its status by
 * the same view check (a blob that does not decode opens `failed`, as in the page).
 */
async function fakeApp() {
  const view = await hostView();
  const job = {
    signal: { isCancelled: false, throwIfCancelled: () => undefined },
    pause: () => Promise.resolve(),
    progress: () => undefined,
  };
  const files: FakeFile[] = [
    { id: 'host', name: 'Outer.xml', parentId: null, status: 'ready', bytes: new Uint8Array() },
  ];
  let checks = 0;
  let nextId = 0;
  const checkNow = async (bytes: Uint8Array, settings: Record<string, string>) =>
    (await view.request!({ kind: 'check-blob', bytes, settings }, job)) as ObjectPropertyBlobCheck;
  const host: PastedBlobHost = {
    async check(fileId, bytes, settings): Promise<Result<ObjectPropertyBlobCheck>> {
      checks += 1;
      expect(fileId).toBe('host');
      return { ok: true, value: await checkNow(bytes, settings) };
    },
    async open(name, bytes, openAs) {
      const { error } = await checkNow(bytes, openAs.settings);
      nextId += 1;
      const status = error === null ? 'ready' : 'failed';
      files.push({ id: `blob${nextId}`, name, parentId: null, status, openAs, bytes });
    },
    files: () => files,
    close(fileId) {
      files.splice(
        files.findIndex((file) => file.id === fileId),
        1,
      );
    },
  };
  return { host, files, checkCount: () => checks };
}

const rows = (files: FakeFile[]) => files.map((file) => `${file.name} ${file.status}`);

describe('the Decode blob form', () => {
  it('is read before anything is sent: hex, bytes, flags and mask', () => {
    expect(blobInputOf({ ...NESTED, hex: '01 0g' })).toEqual({
      ok: false,
      problem: 'The hex cannot be read at character 4: "g" is not a hex digit.',
    });
    expect(blobInputOf({ ...NESTED, hex: '  ' })).toMatchObject({ ok: false });
    expect(blobInputOf({ ...NESTED, flags: 'two' })).toEqual({
      ok: false,
      problem: numberProblem('Flags', 'two'),
    });
    expect(numberProblem('Property mask', '0x1FFFFFFFF')).toContain('Property mask must be');
    expect(numberProblem('Flags', ' 0x18 ')).toBeNull();
    expect(numberProblem('Flags', '-1')).not.toBeNull();
    expect(blobInputOf({ ...NESTED, isManuallyCompressed: true })).toEqual({
      ok: true,
      bytes: fixtureBytes('nested-object.bin'),
      settings: { shallow: 'true', flags: '1', mask: '7', 'manual-compression': 'true' },
    });
    expect(settingsOf(DEFAULT_BLOB_OPTIONS)).toEqual({ flags: '0', mask: '0x18' });
  });

  it('is one for the page: what was set last is what the next pane shows', () => {
    const form = createBlobForm();
    let told = 0;
    const stop = form.subscribe(() => (told += 1));
    form.set({ hex: NESTED_HEX });
    form.set({ isShallow: true, flags: '1', mask: '7' });
    expect(form.get()).toEqual(NESTED);
    expect(told).toBe(2);
    stop();
    form.set({ flags: '3' });
    expect(told).toBe(2);
  });
});

describe('decoding a pasted blob', () => {
  it('a blob that does not decode adds no file; corrected options open it', async () => {
    const { host, files } = await fakeApp();
    const blobs = createPastedBlobs(host);
    // The network's defaults (deep, flags 0, mask 0x18) do not read a shallow blob.
    const wrong = await blobs.decode('host', {
      ...NESTED,
      isShallow: false,
      flags: '0',
      mask: '0x18',
    });
    expect(wrong.kind).toBe('failed');
    expect(rows(files)).toEqual(['Outer.xml ready']);
    const right = await blobs.decode('host', NESTED);
    expect(right).toEqual({ kind: 'opened', name: 'pasted blob 1.bin' });
    expect(rows(files)).toEqual(['Outer.xml ready', 'pasted blob 1.bin ready']);
    expect(files[1]!.openAs).toEqual({
      format: OBJECT_PROPERTY_FORMAT,
      settings: { shallow: 'true', flags: '1', mask: '7' },
    });
  });

  it('names the byte and bit of a failure; a form that cannot be read is not even checked', async () => {
    const { host, files, checkCount } = await fakeApp();
    const blobs = createPastedBlobs(host);
    const hex = hexOf(fixtureBytes('should-fail/null-root.bin'));
    const outcome = await blobs.decode('host', { ...NESTED, hex, isShallow: false });
    if (outcome.kind !== 'failed') throw new Error(`expected a failure, not ${outcome.kind}`);
    expect(outcome.error).toMatchObject({ code: ErrorCode.BAD_VALUE, offset: 4 });
    expect(outcome.error.message).toContain('bit 32');
    expect(outcome.attempt.settings).toEqual({ flags: '1', mask: '7' });
    expect(await blobs.decode('host', { ...NESTED, mask: '' })).toMatchObject({ kind: 'problem' });
    expect(checkCount()).toBe(1);
    expect(files).toHaveLength(1);
  });

  it('"Open anyway" opens a failed blob, which the next pasted blob replaces; decoded ones stay', async () => {
    const { host, files } = await fakeApp();
    const blobs = createPastedBlobs(host);
    expect(await blobs.decode('host', NESTED)).toMatchObject({ name: 'pasted blob 1.bin' });
    const failing = { ...NESTED, isShallow: false, flags: '0' };
    const first = await blobs.decode('host', failing);
    if (first.kind !== 'failed') throw new Error('expected a failure');
    expect(await blobs.openAnyway(first.attempt)).toBe('pasted blob 2.bin');
    expect(rows(files)).toEqual([
      'Outer.xml ready',
      'pasted blob 1.bin ready',
      'pasted blob 2.bin failed',
    ]);
    // Another failed attempt opened anyway takes its place and its name: no pile of rows.
    const second = await blobs.decode('host', { ...failing, flags: '8' });
    if (second.kind !== 'failed') throw new Error('expected a failure');
    await blobs.openAnyway(second.attempt);
    expect(rows(files)).toEqual([
      'Outer.xml ready',
      'pasted blob 1.bin ready',
      'pasted blob 2.bin failed',
    ]);
    expect(files[2]!.openAs!.settings).toMatchObject({ flags: '8' });
    // The corrected blob too: it replaces the failed one; the first stays.
    expect(await blobs.decode('host', NESTED)).toEqual({
      kind: 'opened',
      name: 'pasted blob 2.bin',
    });
    expect(rows(files)).toEqual([
      'Outer.xml ready',
      'pasted blob 1.bin ready',
      'pasted blob 2.bin ready',
    ]);
    expect(await blobs.decode('host', NESTED)).toMatchObject({ name: 'pasted blob 3.bin' });
    expect(files).toHaveLength(4);
  });

  it('a file that only shares a pasted blob’s name is never closed', async () => {
    const { host, files } = await fakeApp();
    files.push({
      id: 'dropped',
      name: 'pasted blob 1.bin',
      parentId: null,
      status: 'failed',
      bytes: new Uint8Array(),
    });
    const blobs = createPastedBlobs(host);
    const outcome = await blobs.decode('host', { ...NESTED, flags: '0', isShallow: false });
    if (outcome.kind !== 'failed') throw new Error('expected a failure');
    await blobs.openAnyway(outcome.attempt);
    expect(files.map((file) => file.id)).toEqual(['host', 'dropped', 'blob1']);
  });

  it('a view that cannot answer decides nothing: the blob opens and its own decode tells', async () => {
    const { host, files } = await fakeApp();
    const blobs = createPastedBlobs({
      ...host,
      check: () =>
        Promise.resolve({
          ok: false,
          error: {
            code: ErrorCode.INTERNAL,
            message: 'the worker stopped',
            offset: null,
            format: '',
            path: '',
          },
        }),
    });
    expect(await blobs.decode('host', NESTED)).toEqual({
      kind: 'opened',
      name: 'pasted blob 1.bin',
    });
    expect(rows(files)).toEqual(['Outer.xml ready', 'pasted blob 1.bin ready']);
  });
});
