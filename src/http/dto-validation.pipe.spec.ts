import { BadRequestException } from '@nestjs/common';
import { RouterRequestDto } from '../assistant/dto/router-request.dto.js';
import { UpdateStepsDto } from '../workflows/dto/update-steps.dto.js';
import { DtoValidationPipe } from './dto-validation.pipe.js';
import { MAX_JSON_OBJECT_MEMBERS, MAX_JSON_VALUES } from './json-body.parser.js';
import { validationExceptionFactory } from './validation-exception.factory.js';
import { startCpuClock } from '../../test/helpers/cpu-clock.js';

const pipe = new DtoValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  transformOptions: { enableImplicitConversion: false },
  exceptionFactory: validationExceptionFactory,
});
const body = (metatype: new () => unknown, value: unknown) => pipe.transform(value, { type: 'body', metatype, data: '' });

const wide = (width: number): Record<string, number> => Object.fromEntries(Array.from({ length: width }, (_, index) => [`k${index}`, index]));

/**
 * The work class-transformer does de-duplicating keys: one `indexOf` per key of each object it
 * copies, each scanning the keys before it (O(n²) per object). The pipe's own linear walks of a
 * body (Nest's prototype-key stripping) make none.
 */
async function keyLookupsDuring(work: () => Promise<unknown>): Promise<number> {
  const indexOf = vi.spyOn(Array.prototype, 'indexOf');
  try {
    await work();
    return indexOf.mock.calls.length;
  } finally {
    indexOf.mockRestore();
  }
}

/** The most wide objects a body within the scan's bounds holds. */
const WIDE_OBJECTS = Math.floor(MAX_JSON_VALUES / MAX_JSON_OBJECT_MEMBERS) - 1;

describe('DtoValidationPipe', () => {
  it('takes free-form fields (chat messages) as sent, never copying their members', async () => {
    const messages = Array.from({ length: WIDE_OBJECTS }, (_, index) => ({ id: `m${index}`, role: 'user', metadata: wide(MAX_JSON_OBJECT_MEMBERS) }));
    let dto: unknown;
    const cpu = startCpuClock();
    // Before: about 100,000 lookups (one per key), each scanning up to 1,023 keys.
    expect(await keyLookupsDuring(async () => (dto = await body(RouterRequestDto, { messages, modelId: 'offline' })))).toBeLessThan(100);
    expect(cpu.ms()).toBeLessThan(1_000);
    expect(dto).toBeInstanceOf(RouterRequestDto);
    expect((dto as RouterRequestDto).messages).toBe(messages);
    expect((dto as RouterRequestDto).modelId).toBe('offline');
  });

  it('refuses unknown fields by name without walking what they hold, naming five and counting the rest', async () => {
    const unknown = Object.fromEntries(Array.from({ length: MAX_JSON_OBJECT_MEMBERS - 1 }, (_, index) => [`extra${index}`, wide(90)]));
    let refusal: unknown;
    // Each unknown field's value is copied no more: only the body's own keys are looked up.
    const lookups = await keyLookupsDuring(async () => (refusal = await body(RouterRequestDto, { messages: [{ id: 'm', role: 'user' }], ...unknown }).catch((error: unknown) => error)));
    expect(lookups).toBeLessThan(2 * MAX_JSON_OBJECT_MEMBERS);
    expect(refusal).toBeInstanceOf(BadRequestException);
    expect((refusal as BadRequestException).getResponse()).toMatchObject({
      message: [
        'extra0: property extra0 should not exist',
        'extra1: property extra1 should not exist',
        'extra2: property extra2 should not exist',
        'extra3: property extra3 should not exist',
        'extra4: property extra4 should not exist',
        `and ${MAX_JSON_OBJECT_MEMBERS - 1 - 5} more fields that should not exist`,
      ],
    });
  });

  it('still lists every other failed rule, and transforms and validates nested DTOs', async () => {
    const refusal = await body(UpdateStepsDto, { steps: [{ description: '  ', agentId: 'nobody' }], junk: 1 }).catch((error: unknown) => error);
    expect((refusal as BadRequestException).getResponse()).toMatchObject({
      message: ['junk: property junk should not exist', 'steps.0.description should not be empty', expect.stringMatching(/^steps\.0\.agentId must be one of/)],
    });
    const dto = (await body(UpdateStepsDto, { steps: [{ description: ' Write a post ', stepIndex: null }] })) as UpdateStepsDto;
    expect(dto.steps[0]).toMatchObject({ description: 'Write a post' });
    expect(dto.steps[0]?.constructor.name).toBe('StepInputDto');
  });
});
