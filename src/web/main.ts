/** The web app's entry (index.html loads it): the app itself is in app.ts. */
import { startApp } from './app.ts';

startApp();
