/**
 * Every registered format through the same checks (suite.ts): detection, open, every node,
 * every content, verify, mutated bytes, and the writer round trip. A format joins by its
 * registry line; its samples are its fuzz target's seeds.
 */
import { detectFormat } from '../registry.ts';
import { describeConformance } from './suite.ts';
import { registeredSubjects } from './subjects.ts';

describeConformance(await registeredSubjects(), { detect: detectFormat });
