import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Inserts a finished run of a throwaway workflow, for tests that need a run id to point at. */
export async function insertFinishedRun(app: INestApplication, teamId: string): Promise<number> {
  const dataSource = app.get(DataSource);
  const [workflow] = await dataSource.query<{ id: string }[]>(
    `INSERT INTO workflows (team_id, title, goal, status) VALUES ($1, 'Factory workflow', 'A goal', 'active') RETURNING id`,
    [teamId],
  );
  const [run] = await dataSource.query<{ id: number }[]>(
    `INSERT INTO workflow_runs (workflow_id, team_id, run_number, status, total_steps, finished_at)
     VALUES ($1, $2, 1, 'completed', 1, now()) RETURNING id`,
    [workflow.id, teamId],
  );
  return run.id;
}
