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


def run_scenario(scenario: str, artifact: Path) -> tuple[dict[str, Any] | None, int]:
    """Run the pytest node ``scenario`` once with ``TB_E2E_BENCHMARKS=1``; return (the JSON the
    scenario wrote to ``artifact``, or None if it wrote none, pytest's exit code)."""
    artifact.unlink(missing_ok=True)
    env = {**os.environ, "TB_E2E_BENCHMARKS": "1"}
    code = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", scenario],
                           cwd=ROOT, env=env)
    return (json.loads(artifact.read_text()) if artifact.is_file() else None), code
