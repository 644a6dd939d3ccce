import { describe, expect, it } from 'vitest';
import { FORMATS } from '../formats/registry.ts';
import { offersOpenAs, openAsChoices, openAsSettings } from './open-as.ts';

describe('open as', () => {
  it('offers the formats whose CLI options open any bytes, with those options', async () => {
    const choices = await openAsChoices(FORMATS);
    expect(choices.length).toBeGreaterThan(0);
    for (const choice of choices) {
      expect(choice.options.length).toBeGreaterThan(0);
      expect(choice.options.every((option) => option.opensAs === true)).toBe(true);
    }
    // A blob with no magic is the case: ObjectProperty state from a capture.
    const blob = choices.find((choice) => choice.format === 'objectproperty');
    expect(blob?.options.map((option) => option.name)).toEqual([
      'shallow',
      'flags',
      'mask',
      'manual-compression',
    ]);
  });

  it('makes settings of a form: flags given as true, empty values left to the default', async () => {
    const [choice] = (await openAsChoices(FORMATS)).filter(
      (each) => each.format === 'objectproperty',
    );
    expect(
      openAsSettings(choice!.options, {
        shallow: true,
        flags: ' 1 ',
        mask: '',
        'manual-compression': false,
      }),
    ).toEqual({ shallow: 'true', flags: '1' });
  });

  it('is offered for bytes no format knew, and for options that did not decode', () => {
    const summary = (format: string) =>
      ({ format }) as unknown as NonNullable<Parameters<typeof offersOpenAs>[0]['summary']>;
    expect(offersOpenAs({ summary: summary('raw'), status: 'ready' })).toBe(true);
    expect(offersOpenAs({ summary: summary('kiwad'), status: 'ready' })).toBe(false);
    const openAs = { format: 'objectproperty', settings: {} };
    expect(offersOpenAs({ summary: summary('objectproperty'), status: 'failed', openAs })).toBe(
      true,
    );
    expect(offersOpenAs({ summary: summary('objectproperty'), status: 'ready', openAs })).toBe(
      false,
    );
  });
});
