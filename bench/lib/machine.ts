/** What the bench ran on: cores, memory, CPU model, Node and Chromium versions. */
import { cpus, totalmem, platform, release } from 'node:os';

export interface MachineInfo {
  cores: number;
  memoryGiB: number;
  cpuModel: string;
  os: string;
  node: string;
  chromium: string;
}

export function machineInfo(chromiumVersion: string): MachineInfo {
  const list = cpus();
  return {
    cores: list.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    os: `${platform()} ${release()}`,
    node: process.version,
    chromium: chromiumVersion,
  };
}
