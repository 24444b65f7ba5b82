"""How a throw is shown over time: frames under a second and never above 15 a second,
the result held, the LEDs back to the turn lights when the turn moves on."""

from __future__ import annotations

from device.throw_show import (
    ANIMATION_SECONDS,
    FPS,
    FRAMES,
    LED_SECONDS,
    MIN_FRAME_SECONDS,
    RESULT_SECONDS,
    ThrowShow,
    faces_at,
    in_air,
)

FACES = (1, 0, 1, 1, 0)
TURN = (True, False, False, False, False)


def show(started: float = 100.0) -> ThrowShow:
    return ThrowShow(FACES, 3, "Box", started, TURN)


def test_the_animation_is_under_a_second_and_at_most_15_fps() -> None:
    assert ANIMATION_SECONDS < 1.0
    assert FPS <= 15 and MIN_FRAME_SECONDS >= 1 / 15
    assert FRAMES >= 5  # enough frames for the sticks to be seen tumbling


def test_sticks_land_one_by_one_and_end_on_the_throw() -> None:
    for frame in range(FRAMES + 1):
        faces = faces_at(FACES, frame)
        for index, face in enumerate(faces):
            if not in_air(frame, index):
                assert face == FACES[index]
    assert faces_at(FACES, FRAMES) == list(FACES)
    assert not any(in_air(FRAMES, index) for index in range(5))
    # While in the air a stick flips from frame to frame.
    assert faces_at(FACES, 0)[4] != faces_at(FACES, 1)[4]


def test_frames_follow_the_clock_and_the_result_stays() -> None:
    shown = show()
    assert shown.draw_frame(100.0) == 0
    assert shown.draw_frame(100.0 + 3.5 / FPS) == 3
    assert shown.draw_frame(100.0 + ANIMATION_SECONDS + 0.01) == FRAMES
    assert shown.on_screen(100.0 + ANIMATION_SECONDS + RESULT_SECONDS - 0.01)
    assert not shown.on_screen(100.0 + ANIMATION_SECONDS + RESULT_SECONDS)


def test_a_late_frame_is_not_followed_by_the_next_one_too_soon() -> None:
    shown = show()
    late = 100.0 + 2 / FPS + 0.07  # frame 2 drawn 70 ms late
    assert shown.draw_frame(late) == 2
    # Frame 3 is due by the clock 13 ms later, but that would be 75 fps.
    assert shown.draw_frame(100.0 + 3 / FPS + 0.001) == 2
    wait = shown.next_change(100.0 + 3 / FPS + 0.001)
    assert wait is not None
    assert abs(100.0 + 3 / FPS + 0.001 + wait - (late + MIN_FRAME_SECONDS)) < 1e-9
    assert shown.draw_frame(late + MIN_FRAME_SECONDS) == 3


def test_next_change_counts_down_to_each_frame_then_to_the_end() -> None:
    shown = show()
    shown.draw_frame(100.0)
    assert abs(shown.next_change(100.0) - 1 / FPS) < 1e-9  # type: ignore[operator]
    shown.draw_frame(100.0 + ANIMATION_SECONDS)
    wait = shown.next_change(100.0 + ANIMATION_SECONDS)
    assert wait is not None and abs(wait - RESULT_SECONDS) < 1e-9
    assert shown.next_change(100.0 + LED_SECONDS) is None  # nothing left to show


def test_an_undrawn_frame_never_asks_to_be_woken_at_once() -> None:
    """A menu on the OLED: no frame is drawn, yet the render thread must not spin."""
    shown = show()
    for step in range(60):
        now = 100.0 + step * 0.05
        wait = shown.next_change(now)
        assert wait is None or wait > 0


def test_leds_show_the_throw_until_the_turn_lights_change() -> None:
    shown = show()
    after = 100.0 + ANIMATION_SECONDS + 0.1
    assert shown.lights(after, TURN) == [bool(f) for f in FACES]
    assert shown.lights(after, (False, True, False, False, False)) is None
    assert shown.lights(after, TURN) is None  # back for good, even if the turn returns


def test_leds_go_back_after_a_few_seconds_and_hiding_keeps_them() -> None:
    shown = show()
    shown.hide()
    assert not shown.on_screen(100.1)
    assert shown.lights(100.1, TURN) == [bool(f) for f in FACES]
    assert shown.lights(100.0 + LED_SECONDS, TURN) is None
    assert shown.over(100.0 + LED_SECONDS)


def test_waking_when_next_change_says_always_finds_the_next_frame() -> None:
    """The render thread sleeps exactly `next_change`: a rounding error must not make
    it find the frame before again and then sleep until the result."""
    shown = show(started=1000.0)
    now = 1000.0
    drawn = [shown.draw_frame(now)]
    while drawn[-1] < FRAMES:
        wait = shown.next_change(now)
        assert wait is not None and wait < 1 / FPS + 1e-9
        now += wait
        drawn.append(shown.draw_frame(now))
    assert drawn == list(range(FRAMES + 1))
