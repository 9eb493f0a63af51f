#!/usr/bin/python3
# A camera stand-in: a real RTSP server (GStreamer's, from Debian) serving one live H.264 encode
# to every client at rtsp://127.0.0.1:PORT/cam. The encoder runs from start to exit, as a
# camera's does, so every client joins mid-GOP and waits for the next keyframe.
# Usage: npm run camera -- [--port 8554] [--keyframe-seconds 2] [--bitrate 4000] [--size 1920x1080]
# SIGTERM/SIGINT stop it (a camera switched off); SIGSTOP/SIGCONT freeze it (a hung camera).
import argparse
import signal
import sys

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
args = parser.parse_args()
width, height = args.size.split("x")

Gst.init(None)
# Without format=I420, x264enc picks High 4:4:4 10-bit: three times the CPU, and no camera's.
camera = Gst.parse_launch(
    "videotestsrc is-live=true pattern=smpte horizontal-speed=4 "
    f"! video/x-raw,format=I420,width={width},height={height},framerate={args.fps}/1 "
    '! clockoverlay time-format="%H:%M:%S" font-desc="Sans 48" '
    f"! x264enc speed-preset={args.preset} tune=zerolatency bitrate={args.bitrate} "
    f"key-int-max={round(args.keyframe_seconds * args.fps)} "
    "! h264parse config-interval=-1 ! video/x-h264,stream-format=byte-stream,alignment=au "
    "! appsink name=out emit-signals=true sync=false max-buffers=1 drop=true"
)
clients = {}  # each watching client's appsrc, and the offset from capture to its clock


def on_sample(sink):
    sample = sink.emit("pull-sample")
    captured = sample.get_segment().to_running_time(Gst.Format.TIME, sample.get_buffer().pts)
    for src, offset in list(clients.items()):
        base = src.get_base_time()
        if base == 0:
            continue
        if offset is None:
            # Its first frame is "now" on its clock; later ones keep the capture's spacing, so a
            # camera that hung and resumed goes on without a jump back.
            offset = clients[src] = src.get_clock().get_time() - base - captured
        buffer = sample.get_buffer().copy()
        buffer.pts = buffer.dts = captured + offset
        src.emit("push-buffer", buffer)
    return Gst.FlowReturn.OK


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
camera.set_state(Gst.State.PLAYING)
loop = GLib.MainLoop()
for stop in (signal.SIGINT, signal.SIGTERM):
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, stop, loop.quit)
print(
    f"camera stand-in: rtsp://127.0.0.1:{server.get_bound_port()}/cam, {args.size}@{args.fps}, "
    f"a keyframe every {args.keyframe_seconds:g} s, {args.bitrate} kbit/s",
    flush=True,
)
loop.run()
camera.set_state(Gst.State.NULL)
