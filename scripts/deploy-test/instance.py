"""One `shifty serve` process of the deploy test: started, probed, stopped with SIGTERM or SIGKILL.

The pid is also written to WORK/pids/NAME.pid, so scripts/deploy-test.sh can kill whatever is left
if this Python process itself dies.
"""
import os
import signal
import subprocess
import time
import urllib.error
import urllib.request


class Instance:
    def __init__(self, name, port, argv, work):
        self.name = name
        self.port = port
        self.argv = argv
        self.log_path = os.path.join(work, "logs", f"shifty-{name}.log")
        self.pid_path = os.path.join(work, "pids", f"{name}.pid")
        self.process = None
        self.cwd = work

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        log = open(self.log_path, "ab")
        log.write(f"\n----- {time.strftime('%H:%M:%S')} starting: {' '.join(self.argv)}\n".encode())
        log.flush()
        self.process = subprocess.Popen(
            self.argv, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, cwd=self.cwd, start_new_session=True
        )
        log.close()
        with open(self.pid_path, "w") as file:
            file.write(str(self.process.pid))

    def status(self, path, timeout=2):
        try:
            with urllib.request.urlopen(self.base + path, timeout=timeout) as answer:
                return answer.status, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()
        except (OSError, urllib.error.URLError):
            return None, b""

    def wait_ready(self, timeout=60):
        """Waits until GET /readyz answers 200; returns the seconds it took."""
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if self.process is not None and self.process.poll() is not None:
                raise AssertionError(f"instance {self.name} exited with {self.process.returncode} while starting (see {self.log_path})")
            code, _ = self.status("/readyz")
            if code == 200:
                return time.monotonic() - started
            time.sleep(0.1)
        raise AssertionError(f"instance {self.name} did not answer /readyz with 200 within {timeout} s")

    def send(self, signal_number):
        self.process.send_signal(signal_number)

    def wait_exit(self, timeout):
        """Waits for the process to end; returns (seconds, exit status) or raises after `timeout`."""
        started = time.monotonic()
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError(f"instance {self.name} did not exit within {timeout} s of SIGTERM")
        finally:
            if os.path.exists(self.pid_path):
                os.remove(self.pid_path)
        return time.monotonic() - started, code

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        if os.path.exists(self.pid_path):
            os.remove(self.pid_path)

    def stop_quietly(self):
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if os.path.exists(self.pid_path):
            os.remove(self.pid_path)
