import { describe, expect, it } from 'vitest';
import { PresenceTopic } from './presence.ts';

describe('presence of one topic', () => {
  it('keeps one meta per tracking channel under a key, and diffs updates as leave plus join', () => {
    const topic = new PresenceTopic<string>();
    const first = topic.track('tab-1', 'siti', { name: 'Siti' });
    expect(first.leaves).toEqual({});
    const ref = first.joins.siti.metas[0].phx_ref;
    topic.track('tab-2', 'siti', { name: 'Siti' });
    expect(topic.state().siti.metas).toHaveLength(2);

    const update = topic.track('tab-1', 'siti', { name: 'Siti', editing: true });
    expect(update.leaves.siti.metas[0].phx_ref).toBe(ref);
    expect(update.joins.siti.metas[0]).toMatchObject({ editing: true, phx_ref_prev: ref });
    expect(topic.size).toBe(2);

    expect(topic.untrack('tab-1', 'siti')?.leaves.siti.metas[0]).toMatchObject({ editing: true });
    expect(topic.untrack('tab-1', 'siti')).toBeUndefined();
    topic.untrack('tab-2', 'siti');
    expect(topic.state()).toEqual({});
  });
});
