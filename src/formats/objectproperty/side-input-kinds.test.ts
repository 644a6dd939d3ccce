import { describe, expect, it } from 'vitest';
import { formatReads, sideInputKinds } from '../registry.ts';
import { TYPE_LISTS } from './settings.ts';
import { TYPE_LIST_INPUT } from './side-input-kinds.ts';

describe('ObjectProperty side inputs', () => {
  it('the module declares the kind its sessions read', () => {
    expect(TYPE_LIST_INPUT.kind).toBe(TYPE_LISTS);
    expect(sideInputKinds().map((kind) => kind.kind)).toContain(TYPE_LISTS);
    expect(formatReads('objectproperty', TYPE_LISTS)).toBe(true);
    expect(formatReads('kiwad', TYPE_LISTS)).toBe(false);
  });
});
