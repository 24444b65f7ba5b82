"""Shared fixtures: a private mock pin factory per test, a clock the test moves by hand."""

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from tests.hardware.fakes import FakeClock


@pytest.fixture(autouse=True)
def _restore_global_pin_factory() -> Iterator[None]:
    """Undo any global pin factory a test (or the code under test) set up."""
    before = Device.pin_factory
    yield
    if Device.pin_factory is not before:
        if Device.pin_factory is not None:
            Device.pin_factory.close()
        Device.pin_factory = before


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """A MockFactory of this test's own, passed explicitly to the devices under test."""
    mock_factory = MockFactory(pin_class=MockPWMPin)
    yield mock_factory
    mock_factory.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
