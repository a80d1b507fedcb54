/** Limits of a workflow's input, shared by the DTOs, the planner prompt and the dashboard's forms. */
export const GOAL_MAX_LENGTH = 2000;
export const MAX_STEPS = 20;
export const STEP_DESCRIPTION_MAX_LENGTH = 1000;
/** How long a fresh approval mail (a draft's plan, a waiting step) may not be asked for again. */
export const APPROVAL_MAIL_INTERVAL_SECONDS = 60;
