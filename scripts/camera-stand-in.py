#!/usr/bin/python3
# A camera stand-in: a real RTSP server (GStreamer's, from Debian) serving one live H.264 encode
# to every client at rtsp://127.0.0.1:PORT/cam. The encoder runs from start to exit, as a
# camera's does, so every client joins mid-GOP and waits for the next keyframe.
# With --replay-seconds, that many seconds are encoded once at start and then sent in a loop at
# the live pace: a camera encodes on its own chip, so a bench's host then carries only the box.
# Usage: npm run camera -- [--port 8554] [--keyframe-seconds 2] [--bitrate 4000] [--size 1920x1080]
#                          [--replay-seconds 20]
# SIGTERM/SIGINT stop it (a camera switched off); SIGSTOP/SIGCONT freeze it (a hung camera).
import argparse
import math
import signal
import sys
import time

PACKAGES = (
    "gir1.2-gst-rtsp-server-1.0 python3-gi gstreamer1.0-plugins-base "
    "gstreamer1.0-plugins-good gstreamer1.0-plugins-ugly gstreamer1.0-x"
)
try:
    import gi

    gi.require_version("Gst", "1.0")
    gi.require_version("GstRtspServer", "1.0")
    from gi.repository import GLib, Gst, GstRtspServer
except (ImportError, ValueError) as error:
    sys.exit(f"camera stand-in: {error}; install it with: sudo apt-get install {PACKAGES}")

parser = argparse.ArgumentParser(description="A live RTSP camera on loopback")
parser.add_argument("--port", type=int, default=8554, help="0: any free port")
parser.add_argument("--keyframe-seconds", type=float, default=2)
parser.add_argument("--bitrate", type=int, default=4000, help="kbit/s")
parser.add_argument("--size", default="1920x1080")
parser.add_argument("--fps", type=int, default=25)
parser.add_argument("--preset", default="ultrafast", help="x264: ultrafast (Baseline), superfast")
parser.add_argument("--replay-seconds", type=float, default=0, help="0: encode live")
args = parser.parse_args()
width, height = args.size.split("x")
keyframe_frames = round(args.keyframe_seconds * args.fps)

Gst.init(None)


def encoder(source, overlay, sink):
    # Without format=I420, x264enc picks High 4:4:4 10-bit: three times the CPU, and no camera's.
    return Gst.parse_launch(
        f"videotestsrc {source} pattern=smpte horizontal-speed=4 "
        f"! video/x-raw,format=I420,width={width},height={height},framerate={args.fps}/1 "
        f'! {overlay} font-desc="Sans 48" '
        f"! x264enc speed-preset={args.preset} tune=zerolatency bitrate={args.bitrate} "
        f"key-int-max={keyframe_frames} "
        "! h264parse config-interval=-1 ! video/x-h264,stream-format=byte-stream,alignment=au "
        f"! appsink name=out {sink}"
    )


clients = {}  # each watching client's appsrc, and the offset from capture to its clock


def deliver(frame, captured):
    for src, offset in list(clients.items()):
        base = src.get_base_time()
        if base == 0:
            continue
        if offset is None:
            # Its first frame is "now" on its clock; later ones keep the capture's spacing, so a
            # camera that hung and resumed goes on without a jump back.
            offset = clients[src] = src.get_clock().get_time() - base - captured
        buffer = frame.copy()
        buffer.pts = buffer.dts = captured + offset
        src.emit("push-buffer", buffer)


def on_sample(sink):
    sample = sink.emit("pull-sample")
    captured = sample.get_segment().to_running_time(Gst.Format.TIME, sample.get_buffer().pts)
    deliver(sample.get_buffer(), captured)
    return Gst.FlowReturn.OK


def encoded_loop():
    """Whole GOPs of the picture, encoded as fast as the host can, to be sent again and again."""
    frames = math.ceil(args.replay_seconds * args.fps / keyframe_frames) * keyframe_frames
    once = encoder(f"num-buffers={frames}", "timeoverlay", "sync=false")
    sink = once.get_by_name("out")
    once.set_state(Gst.State.PLAYING)
    gops = []
    while (sample := sink.emit("pull-sample")) is not None:
        gops.append(sample.get_buffer())
    once.set_state(Gst.State.NULL)
    return gops


def replay(gops):
    frame_ns = Gst.SECOND // args.fps
    started = time.monotonic_ns()
    sent = 0

    def tick():
        nonlocal sent
        due = (time.monotonic_ns() - started) // frame_ns + 1
        # Thawed after a freeze: the camera goes on from its next keyframe, as a real one does.
        if due - sent > args.fps:
            sent = math.ceil(due / keyframe_frames) * keyframe_frames
        while sent < due:
            deliver(gops[sent % len(gops)], sent * frame_ns)
            sent += 1
        return True

    GLib.timeout_add(1000 // args.fps // 2, tick)


if args.replay_seconds > 0:
    replay(encoded_loop())
else:
    camera = encoder(
        "is-live=true",
        'clockoverlay time-format="%H:%M:%S"',
        "emit-signals=true sync=false max-buffers=1 drop=true",
    )
    camera.get_by_name("out").connect("new-sample", on_sample)

factory = GstRtspServer.RTSPMediaFactory()
factory.set_launch(
    "( appsrc name=src is-live=true format=time "
    'caps="video/x-h264,stream-format=byte-stream,alignment=au" '
    "! h264parse ! rtph264pay name=pay0 pt=96 config-interval=-1 )"
)
factory.set_shared(True)


def on_configure(_factory, media):
    src = media.get_element().get_by_name("src")
    clients[src] = None
    media.connect("unprepared", lambda _media: clients.pop(src, None))


factory.connect("media-configure", on_configure)
server = GstRtspServer.RTSPServer()
server.set_address("127.0.0.1")
server.set_service(str(args.port))
server.get_mount_points().add_factory("/cam", factory)
if server.attach(None) == 0:
    sys.exit(f"camera stand-in: cannot listen on port {args.port}")
if args.replay_seconds == 0:
    camera.set_state(Gst.State.PLAYING)
loop = GLib.MainLoop()
for stop in (signal.SIGINT, signal.SIGTERM):
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, stop, loop.quit)
print(
    f"camera stand-in: rtsp://127.0.0.1:{server.get_bound_port()}/cam, {args.size}@{args.fps}, "
    f"a keyframe every {args.keyframe_seconds:g} s, {args.bitrate} kbit/s"
    + (f", {args.replay_seconds:g} s encoded once and replayed" if args.replay_seconds else ""),
    flush=True,
)
loop.run()
if args.replay_seconds == 0:
    camera.set_state(Gst.State.NULL)
