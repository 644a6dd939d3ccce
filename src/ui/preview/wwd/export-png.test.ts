import { describe, expect, it } from 'vitest';
import {
  EXPORT_MAX_AREA,
  EXPORT_MAX_SIDE,
  exportFileName,
  exportScale,
  exportSize,
  scaleText,
} from './export-png.ts';

describe('PNG export', () => {
  it('keeps small worlds at 1:1 and scales big ones into the limits', () => {
    expect(exportScale({ width: 1000, height: 500 })).toBe(1);
    const claw3 = { width: 768 * 64, height: 192 * 64 };
    const scale = exportScale(claw3);
    const size = exportSize(claw3, scale);
    expect(size.width).toBeLessThanOrEqual(EXPORT_MAX_SIDE);
    expect(size.width * size.height).toBeLessThanOrEqual(EXPORT_MAX_AREA);
    expect(scale).toBeCloseTo(1 / 3);
    // A square world is limited by the area.
    const square = exportScale({ width: 64000, height: 64000 });
    expect(exportSize({ width: 64000, height: 64000 }, square).width ** 2).toBeLessThanOrEqual(
      EXPORT_MAX_AREA + 2 * 64000,
    );
  });

  it('states the scale', () => {
    expect(scaleText(1)).toBe('100% (1:1)');
    expect(scaleText(1 / 3)).toBe('33.3% (1:3)');
    expect(scaleText(0.4)).toBe('40.0% (1:2.5)');
  });

  it('names files after the level and the plane', () => {
    expect(exportFileName('RETAIL01.WWD', 'Action', 'view')).toBe('RETAIL01-Action-view.png');
    expect(exportFileName('my level.wwd', 'Tło 2', 'plane')).toBe('my_level-Tło_2-plane.png');
    expect(exportFileName('.wwd', '', 'plane')).toBe('level-plane-plane.png');
  });
});
