// The development stand-ins the local backend starts next to the API (see stand-in.ts). Listed here
// by hand, as the services are, so one that is added is visible in one place.
import { oidcStandIn } from './oidc/index.ts';
import { samlStandIn } from './saml/index.ts';
import type { RunningStandIn, StandIn, StandInContext } from './stand-in.ts';

const standIns: StandIn[] = [oidcStandIn, samlStandIn];

/** Starts every stand-in the configuration asks for; one that fails stops those already started. */
export async function startStandIns(context: StandInContext): Promise<RunningStandIn[]> {
  const running: RunningStandIn[] = [];
  try {
    for (const standIn of standIns) {
      if (standIn.wanted(context.config)) running.push(await standIn.start(context));
    }
  } catch (error) {
    await stopStandIns(running);
    throw error;
  }
  return running;
}

export async function stopStandIns(running: RunningStandIn[]): Promise<void> {
  await Promise.all(running.map((standIn) => standIn.close()));
}
