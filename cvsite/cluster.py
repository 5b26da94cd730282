"""Start N Daphne processes and N Celery workers on this machine against the real PostgreSQL and Redis.

    python -m cvsite.cluster --database-url postgres://postgres@127.0.0.1:5432/cv --redis-url redis://127.0.0.1:6379/0

Also used by the tests that prove a browser on Daphne A sees a step resolved by a worker in another process.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The queues a worker consumes, named as in cvsite/settings.py before the site's namespace: every task but odds
# simulations, or those only.
STEPS_QUEUE, ODDS_QUEUE = "celery", "odds"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"The process for port {port} exited with code {process.returncode}.")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"Nothing listened on port {port} within {timeout} s.")


def wait_for_text(path: Path, text: str, process: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{path.name}: the process exited with code {process.returncode}:\n"
                               f"{path.read_text(errors='replace')[-3000:]}")
        if path.exists() and text in path.read_text(errors="replace"):
            return
        time.sleep(0.1)
    raise TimeoutError(f"{path.name} did not say {text!r} within {timeout} s.")


@dataclass
class Cluster:
    env: dict[str, str]
    log_dir: Path
    daphne_ports: list[int] = field(default_factory=list)
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)

    def manage(self, *args: str) -> str:
        result = subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], env=self.env, cwd=ROOT,
                                capture_output=True, text=True, check=False)
        if result.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
        return result.stdout

    def _spawn(self, name: str, command: list[str]) -> subprocess.Popen[bytes]:
        log = (self.log_dir / f"{name}.log").open("wb")
        process = subprocess.Popen(command, env=self.env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        self.processes[name] = process
        return process

    def start_daphne(self, name: str, port: int, app: str = "cvsite.asgi:application") -> None:
        process = self._spawn(name, [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), app])
        wait_for_port(port, process)
        if port not in self.daphne_ports:  # a restart on the same port keeps its place
            self.daphne_ports.append(port)

    def start_worker(self, name: str, queue: str = STEPS_QUEUE) -> None:
        """A worker of one slot on one queue. Odds have workers of their own: a worker taking both queues would,
        once it starts an odds run, hold its only slot for seconds, and with every worker in one a step waits for
        them all. Odds workers also run at the lowest CPU priority, so a machine busy with odds still gives the
        steps' workers, Daphne and PostgreSQL the cores they need."""
        command = [
            sys.executable, "-m", "celery", "-A", "cvsite", "worker", "-n", f"{name}@%h", "--pool", "prefork",
            "--concurrency", "1", "--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "INFO",
            "-Q", f"{self.env.get('CV_REDIS_NAMESPACE', '')}{queue}",
        ]
        process = self._spawn(name, ["nice", "-n", "19", *command] if queue == ODDS_QUEUE else command)
        wait_for_text(self.log_dir / f"{name}.log", "ready.", process)

    def start_beat(self, name: str = "beat") -> None:
        """The one `celery beat` a deployment runs: it schedules the sweep of stuck resolutions."""
        process = self._spawn(name, [
            sys.executable, "-m", "celery", "-A", "cvsite", "beat", "-l", "INFO",
            "--schedule", str(self.log_dir / f"{name}-schedule"),
        ])
        wait_for_text(self.log_dir / f"{name}.log", "beat: Starting", process)

    def pid(self, name: str) -> int:
        return self.processes[name].pid

    def kill_children(self, name: str, sig: int = signal.SIGKILL) -> list[int]:
        """Signal the child processes of one (a prefork worker's pool), as `pkill -P <pid>` would."""
        found = subprocess.run(["pgrep", "-P", str(self.pid(name))], capture_output=True, text=True, check=False)
        children = [int(pid) for pid in found.stdout.split()]
        for child in children:
            os.kill(child, sig)
        return children

    def stop(self, name: str, sig: int = signal.SIGTERM) -> None:
        self._stop([self.processes.pop(name)], sig)

    def stop_all(self) -> None:
        """Every process told to stop at once, then waited for (one after another, each could take seconds)."""
        processes = list(self.processes.values())
        self.processes.clear()
        self._stop(processes, signal.SIGTERM)

    @staticmethod
    def _stop(processes: list[subprocess.Popen[bytes]], sig: int) -> None:
        running = [process for process in processes if process.poll() is None]
        for process in running:
            os.killpg(process.pid, sig)
        for process in running:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()

def start_cluster(database_url: str, redis_url: str, log_dir: Path, daphnes: int = 2, workers: int = 2,
                  ports: list[int] | None = None, migrate: bool = True, odds_workers: int | None = None) -> Cluster:
    """Migrate (unless the database is known to be migrated), then start the processes; an empty redis_url and
    database_url give the embedded defaults. Beside the `workers` for steps, `odds_workers` (one if there are
    workers at all) run odds simulations."""
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env["DJANGO_SETTINGS_MODULE"] = "cvsite.settings"
    env.setdefault("CV_REDIS_NAMESPACE", f"cv-{uuid.uuid4().hex[:10]}:")  # its own queue and groups
    if database_url:
        env["DATABASE_URL"] = database_url
    if redis_url:
        env["REDIS_URL"] = redis_url
    log_dir.mkdir(parents=True, exist_ok=True)
    cluster = Cluster(env=env, log_dir=log_dir)
    if migrate:
        cluster.manage("migrate", "--noinput", "-v0")
    try:
        for index in range(daphnes):
            port = ports[index] if ports else free_port()
            cluster.start_daphne(f"daphne-{chr(ord('a') + index)}", port)
        for index in range(workers):
            cluster.start_worker(f"worker-{index + 1}")
        for index in range(min(workers, 1) if odds_workers is None else odds_workers):
            cluster.start_worker(f"odds-{index + 1}", ODDS_QUEUE)
    except BaseException:
        cluster.stop_all()
        raise
    return cluster


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", ""), required=False)
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL", ""), required=False)
    parser.add_argument("--daphnes", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first-port", type=int, default=8001)
    parser.add_argument("--log-dir", type=Path, default=ROOT / "var" / "cluster")
    args = parser.parse_args()
    if not args.database_url or not args.redis_url:
        parser.error("A cluster needs --database-url (PostgreSQL) and --redis-url (Redis).")
    ports = [args.first_port + i for i in range(args.daphnes)]
    cluster = start_cluster(args.database_url, args.redis_url, args.log_dir, args.daphnes, args.workers, ports)
    print(cluster.manage("cv_demo", "--base-url", f"http://127.0.0.1:{ports[0]}"))
    for port in ports:
        print(f"Daphne on http://127.0.0.1:{port}/")
    print(f"{args.workers} Celery workers and one for odds; logs in {args.log_dir}. Ctrl-C stops them all.")
    # A plain `kill` must stop the children too, not orphan them.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        signal.pause()
    except KeyboardInterrupt:
        pass
    finally:
        cluster.stop_all()


if __name__ == "__main__":
    main()
