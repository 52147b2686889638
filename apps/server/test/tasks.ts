import { expect } from 'vitest';
import { TASK_STATUS, taskListAnswerSchema, type Task } from '@fleet/contract';
import type { TestServer } from './helpers.ts';

export async function taskOf(
  server: TestServer,
  username: string,
  requestId: string,
): Promise<Task | undefined> {
  const response = await server.call(username, 'GET', '/api/Task?PageSize=100');
  expect(response.statusCode, response.body).toBe(200);
  return taskListAnswerSchema.parse(response.json()).data.find((task) => task.requestId === requestId);
}

/** Waits until the task has ended, as the console would by polling. */
export async function endedTask(server: TestServer, username: string, requestId: string): Promise<Task> {
  for (let i = 0; i < 600; i++) {
    const task = await taskOf(server, username, requestId);
    if (task && (task.status === TASK_STATUS.DONE || task.status === TASK_STATUS.ENDED)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`task ${requestId} did not end`);
}

/** Waits for a task's file and downloads it through the link the API gives. */
export async function taskFile(server: TestServer, username: string, requestId: string) {
  const task = await endedTask(server, username, requestId);
  expect(task.status, task.error ?? '').toBe(TASK_STATUS.DONE);
  const download = await server.call(username, 'GET', `/api/Task/${requestId}/download`);
  expect(download.statusCode, download.body).toBe(200);
  const { mediaLink, Description } = download.json() as { mediaLink: string; Description: string };
  const file = await server.app.inject({ url: mediaLink });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-disposition']).toContain('attachment');
  return { task, description: Description, file: file.rawPayload, headers: file.headers };
}
