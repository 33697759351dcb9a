"""The notice tests: `slow` marks the bounded but heavier ones (processes, hypothesis); `-m "not slow"` skips them."""


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: several seconds at most (processes, property tests); -m 'not slow' skips")
