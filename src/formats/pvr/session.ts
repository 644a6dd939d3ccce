/** A PVR v3 file as a session: its header, metadata and surfaces, and its texture (texture-session.ts). */
import { openTexture } from '../texture-session.ts';
import { PVR_FORMAT, readPvr } from './read.ts';

export const openPvrSession = openTexture({ format: PVR_FORMAT, read: readPvr });
