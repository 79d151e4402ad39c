// Starts PyScript (./pyscript/core.js) under the app's Content-Security-Policy, which has no
// 'unsafe-eval' (see index.html).
//
// @pyscript/core 0.7.31 compiles the hooks it would hand to a PyScript *worker* with Function()
// while it starts the main-thread interpreter, even when no worker is ever created: polyscript's
// Hook constructor reads hooks.worker.onBeforeRunAsync, and that getter rebuilds PyScript's one
// default worker hook from its source text. The app never starts a PyScript worker, so the default
// hook is dropped here, before the interpreter starts (this module runs right after core.js has
// been evaluated, while PyScript still waits for its config), and no string is ever evaluated.
// If a PyScript upgrade evaluates strings elsewhere, e2e/test_security.py fails (CSP violation).
import { hooks } from "./pyscript/core.js";

hooks.worker.onBeforeRunAsync.clear();
