/** Every decoder's fuzz target; a format joins the fuzz suite by adding itself here. */
import type { FuzzTarget } from './fuzz-target.ts';
import { deflateTarget } from './deflate-target.ts';
import { kiwadTarget } from './kiwad-target.ts';
import { wwdFuzzTarget } from '../wwd/wwd-fuzz-target.ts';

export const FUZZ_TARGETS: readonly FuzzTarget[] = [kiwadTarget, wwdFuzzTarget, deflateTarget];
