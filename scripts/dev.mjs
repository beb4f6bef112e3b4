// `npm run dev`: the API with reload on PORT (3000) and Vite with hot reload (5173) proxying to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@srs/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@srs/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
