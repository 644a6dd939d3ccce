/**
 * Opening a sample the way the worker and the CLI do (MemoryByteSource, inline services with
 * nested files through the registry), with
 * a sink that records every node it is told of, so the suite can compare what streamed into
 * the tree with what the session says afterwards.
 */
import { MemoryByteSource, type ByteSource } from '../../binary/byte-source.ts';
import type { FormatModule, NodeTable, OpenSink, Session } from '../model.ts';
import { inlineRegistryServices } from '../registry.ts';
import type { FormatServices } from '../services.ts';
import type { NamedBytes } from './subjects.ts';

/** A node as the sink was told of it. */
export interface SunkNode {
  path: string;
  size: number;
  storedSize: number;
}

/** What a recording sink saw. `duplicates` counts nodes it was told of more than once. */
export interface SinkRecord {
  nodes: Map<number, SunkNode>;
  /**
   * Nodes told of as objects or by index (`nodes`, `documentNodes`: documents) and as table
   * rows (`nodeRange`: archives).
   */
  viaNodes: number;
  viaRange: number;
  duplicates: number[];
  /** Calls with a negative, non-integer or out-of-order argument. */
  badCalls: string[];
}

export function recordingSink(): { sink: OpenSink; record: SinkRecord } {
  const record: SinkRecord = {
    nodes: new Map(),
    viaNodes: 0,
    viaRange: 0,
    duplicates: [],
    badCalls: [],
  };
  const take = (index: number, node: SunkNode) => {
    if (record.nodes.has(index)) record.duplicates.push(index);
    record.nodes.set(index, node);
  };
  const isCount = (value: number) => Number.isSafeInteger(value) && value >= 0;
  const sink: OpenSink = {
    nodes(batch, nodesRead, declared) {
      if (!isCount(nodesRead) || !isCount(declared)) {
        record.badCalls.push(`nodes(…, ${nodesRead}, ${declared})`);
      }
      record.viaNodes += batch.length;
      for (const node of batch) {
        take(node.index, { path: node.path, size: node.size, storedSize: node.storedSize });
      }
    },
    documentNodes(table: NodeTable, indexes, nodesRead, declared) {
      if (!isCount(nodesRead) || !isCount(declared)) {
        record.badCalls.push(`documentNodes(…, ${nodesRead}, ${declared})`);
      }
      record.viaNodes += indexes.length;
      for (const index of indexes) {
        const path = table.path(index);
        // The tree places the node by its parent and name: they must give its path.
        const parent = table.parentOf?.(index);
        const name = table.nameOf?.(index);
        const placed =
          parent === undefined || name === undefined || parent >= index || name.includes('/')
            ? null
            : parent < 0
              ? name
              : `${table.path(parent)}/${name}`;
        if (placed !== path) {
          record.badCalls.push(
            `documentNodes: node ${index} placed at ${placed}, its path ${path}`,
          );
        }
        take(index, { path, size: table.size(index), storedSize: table.storedSize(index) });
      }
    },
    nodeRange(table: NodeTable, start, end, declared) {
      if (!isCount(start) || !isCount(end) || start > end || !isCount(declared)) {
        record.badCalls.push(`nodeRange(…, ${start}, ${end}, ${declared})`);
        return;
      }
      record.viaRange += end - start;
      // Read now, as the tree does: the rows must be readable when the sink is told of them.
      for (let index = start; index < end; index++) {
        take(index, {
          path: table.path(index),
          size: table.size(index),
          storedSize: table.storedSize(index),
        });
      }
    },
  };
  return { sink, record };
}

export interface OpenedSample {
  session: Session;
  record: SinkRecord;
  /** The opened file first, then its companions. */
  sources: ByteSource[];
}

/** Opens a file (and its companions) with a recording sink. Throws what `open` throws. */
export async function openSample(
  module: FormatModule,
  file: NamedBytes,
  companions: readonly NamedBytes[] = [],
  services: FormatServices = inlineRegistryServices(),
): Promise<OpenedSample> {
  const sources = [file, ...companions].map(({ name, bytes }) => new MemoryByteSource(bytes, name));
  const { sink, record } = recordingSink();
  const session = await module.open({ sources, services, sink });
  return { session, record, sources };
}
