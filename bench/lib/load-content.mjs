// Loads and validates the content once (what every build does first) and prints how long it took.
import { getSiteContent } from '../../src/content/index.ts';

const started = performance.now();
const content = await getSiteContent();
const articles = Object.values(content.articles).reduce((sum, list) => sum + list.length, 0);
console.log(JSON.stringify({ ms: Math.round(performance.now() - started), articles }));
