import { describe, expect, it } from 'vitest';
import { createPacer, type PaceClock, type PaceOptions } from './pace.ts';

const OPTIONS: PaceOptions = { busyShare: 0.05, busyAbove: 0.5, probeMs: 25, variantsApart: true };

function clockAt(utilization: number) {
  const slept: number[] = [];
  const probed: number[] = [];
  const clock: PaceClock = {
    async utilization(ms) {
      probed.push(ms);
      return utilization;
    },
    async sleep(ms) {
      slept.push(ms);
    },
  };
  return { clock, slept, probed };
}

describe('the watch pacer', () => {
  it('goes on at once while the site is quiet', async () => {
    const { clock, slept, probed } = clockAt(0.1);
    await createPacer(OPTIONS, clock).after(200);
    expect(probed).toEqual([25]);
    expect(slept).toEqual([]);
  });

  it('rests so that its work is at most its share of the time while the site is busy', async () => {
    const { clock, slept } = clockAt(0.9);
    await createPacer(OPTIONS, clock).after(200);
    // 200 ms of work in 4,000 ms: 25 ms looking, 3,775 ms resting
    expect(slept).toEqual([3775]);
  });

  it('looks between the variants of a page only while the last look found the site busy', async () => {
    const quiet = clockAt(0.1);
    const pacer = createPacer(OPTIONS, quiet.clock);
    await pacer.after(200);
    await pacer.between(50);
    expect(quiet.probed).toEqual([25]);

    const busy = clockAt(0.9);
    const paced = createPacer(OPTIONS, busy.clock);
    await paced.after(200);
    await paced.between(50);
    expect(busy.probed).toEqual([25, 25]);
    expect(busy.slept).toEqual([3775, 925]);
  });
});
