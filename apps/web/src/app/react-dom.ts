// React DOM alone, the first step of the app's start (app/start.tsx): the largest script the app
// runs, in a task of its own.
export { createRoot } from 'react-dom/client';
