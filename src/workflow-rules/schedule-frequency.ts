import { BadRequestException } from '@nestjs/common';
import type { Plan } from '../config/plans.js';
import { parseSchedule, shortestIntervalSeconds } from './schedule-slot.js';

/** Whether a plan allows this schedule: none of its intervals shorter than the plan's minimum. */
export function allowsSchedule(expression: string, timezone: string, minimumSeconds: number, now: Date): boolean {
  return shortestIntervalSeconds(parseSchedule(expression, timezone), now) >= minimumSeconds;
}

/** 400 naming the plan's minimum when the schedule fires more often than the plan allows. */
export function assertScheduleAllowed(expression: string, timezone: string, plan: Plan, minimumSeconds: number, now: Date): void {
  const shortest = shortestIntervalSeconds(parseSchedule(expression, timezone), now);
  if (shortest >= minimumSeconds) return;
  throw new BadRequestException(
    `schedule runs as often as every ${duration(shortest)}; the ${plan} plan allows one run every ${duration(minimumSeconds)} at most`,
  );
}

function duration(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}
