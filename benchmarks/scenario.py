"""Run one e2e measurement scenario (a test marked ``benchmark``) and read the figures it wrote.

Shared by the benchmark scripts that drive a browser scenario (``taps.py``, ``phones.py``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


#: A scenario that has not ended after this many seconds fails with its stack (pytest-timeout), so a
#: wait that never ends (a taps run once sat idle for 17 minutes, its browser idle) says where it was.
SCENARIO_TIMEOUT_S = 900


def run_scenario(scenario: str, artifact: Path) -> tuple[dict[str, Any] | None, int]:
    """Run the pytest node ``scenario`` once with ``TB_E2E_BENCHMARKS=1``; return (the JSON the
    scenario wrote to ``artifact``, or None if it wrote none, pytest's exit code). The scenario
    fails after :data:`SCENARIO_TIMEOUT_S` seconds."""
    artifact.unlink(missing_ok=True)
    env = {**os.environ, "TB_E2E_BENCHMARKS": "1"}
    code = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            f"--timeout={SCENARIO_TIMEOUT_S}", "--timeout-method=signal", scenario],
                           cwd=ROOT, env=env)
    return (json.loads(artifact.read_text()) if artifact.is_file() else None), code
