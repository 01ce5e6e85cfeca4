// @ts-check
// weiqi: the pages' script, the module the shell loads. Vanilla JavaScript, ES modules the
// browser loads as they are (no build step, no dependencies), embedded in the binary
// (crates/web/src/pages.rs, `SCRIPTS`). Pages are shells; this draws the one the shell names
// from the JSON API (/api/...) and follows games over the WebSocket (/api/ws). Strings come
// from the page (zh-CN or English).
//
// The modules: `env` (what the shell gives), `dom`, `api` (and the WebSocket), `board` (the
// SVG board), `clockface`, `voice`, `seats`, and one per page under `pages/`. The pure ones,
// which node imports without a DOM and `node --test` tests (crates/web/tests/js/): `clock`
// (the clock crate's period rule), `text`, `format`, `goban`, `gameview`, `actions`, `urls`,
// `clockboards`.
import { PAGE, t } from './env.js';
import { api, auth } from './api.js';
import { loginPage } from './pages/login.js';
import { homePage } from './pages/home.js';
import { eventPage } from './pages/event.js';
import { gamePage } from './pages/game.js';
import { clockPage } from './pages/clock.js';
import { refereePage } from './pages/referee.js';
import { challengePage } from './pages/challenge.js';
import { hallPage } from './pages/hall.js';
import { wallPage } from './pages/wall.js';
import { slipsPage } from './pages/slips.js';

/** Every page, by the name the shell gives it. @type {Record<string, () => unknown>} */
const pages = {
  login: loginPage,
  home: homePage,
  event: eventPage,
  game: gamePage,
  clock: clockPage,
  referee: refereePage,
  challenge: challengePage,
  hall: hallPage,
  wall: wallPage,
  slips: slipsPage,
};

// The header: who is signed in, and the link that logs out.
function headerInit() {
  const who = /** @type {HTMLElement} */ (document.getElementById('who'));
  const link = /** @type {HTMLElement} */ (document.getElementById('login-link'));
  if (auth.name) {
    who.textContent = t('nav.signed_in', { name: auth.name });
    link.textContent = t('nav.logout');
    // Log out ends the session on the server (the token stops working), then forgets it.
    link.addEventListener('click', async (e) => {
      e.preventDefault();
      try { await api('DELETE', '/api/sessions'); } catch (err) { /* ended already */ }
      auth.clear(); location.reload();
    });
  }
}

headerInit();
(pages[PAGE] || pages.home)();
