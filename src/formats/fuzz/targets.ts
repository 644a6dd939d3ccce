/**
 * Every decoder's fuzz target: each registered format's own (a format joins the fuzz suite
 * by registering), plus the shared inflate path.
 */
import { FORMATS } from '../registry.ts';
import { deflateTarget } from './deflate-target.ts';
import type { FuzzTarget } from './fuzz-target.ts';

export async function loadFuzzTargets(): Promise<FuzzTarget[]> {
  const formats = await Promise.all(
    FORMATS.flatMap((format) => ('fuzzTarget' in format ? [format.fuzzTarget()] : [])),
  );
  return [...formats, deflateTarget];
}
