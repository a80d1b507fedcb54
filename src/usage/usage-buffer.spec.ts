import { UsageBuffer } from './usage-buffer.js';

describe('UsageBuffer', () => {
  it('hands out the oldest rows first, in batches', () => {
    const buffer = new UsageBuffer<number>(10);
    for (const row of [1, 2, 3, 4, 5]) buffer.add(row);
    expect(buffer.take(2)).toEqual([1, 2]);
    expect(buffer.take(10)).toEqual([3, 4, 5]);
    expect(buffer.size).toBe(0);
  });

  it('keeps a failed batch, to be written first next time, ahead of rows added meanwhile', () => {
    const buffer = new UsageBuffer<number>(10);
    buffer.add(1);
    buffer.add(2);
    const batch = buffer.take(5);
    buffer.add(3);
    buffer.failed(batch);
    expect(buffer.take(5)).toEqual([1, 2, 3]);
  });

  it('drops the oldest rows past its capacity and counts them until a batch is written', () => {
    const buffer = new UsageBuffer<number>(3);
    for (const row of [1, 2, 3, 4]) buffer.add(row);
    expect(buffer.dropped).toBe(1);
    const batch = buffer.take(2);
    buffer.add(5);
    buffer.add(6);
    // The failed batch comes back in front; the buffer still holds at most 3.
    buffer.failed(batch);
    expect(buffer.take(10)).toEqual([4, 5, 6]);
    expect(buffer.dropped).toBe(3);
    buffer.written();
    expect(buffer.dropped).toBe(0);
  });
});
