// The five services the API serves, created in this order and mounted by http/app.ts at their base
// paths. Listed here by hand rather than found by folder, so a missing or renamed service is a type
// error instead of a route that silently answers 501.
import { createService as createAuth } from './auth/index.ts';
import { createService as createFunctions, type FunctionsService } from './functions/index.ts';
import type { Service, ServiceContext } from './http/service.ts';
import { createService as createRealtime } from './realtime/index.ts';
import { createService as createRest } from './rest/index.ts';
import { createService as createStorage } from './storage/index.ts';

export interface Services {
  auth: Service;
  rest: Service;
  storage: Service;
  realtime: Service;
  functions: FunctionsService;
}

export type ServiceName = keyof Services;

export async function createServices(context: ServiceContext): Promise<Services> {
  // One after another: storage sweeps its files and realtime installs its triggers before answering.
  const auth = createAuth(context);
  const rest = createRest(context);
  const storage = await createStorage(context);
  const realtime = await createRealtime(context);
  const functions = await createFunctions(context);
  return { auth, rest, storage, realtime, functions };
}
