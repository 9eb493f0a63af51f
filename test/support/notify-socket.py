#!/usr/bin/python3
# Stands in for systemd's NOTIFY_SOCKET (these machines run no systemd): prints every datagram as
# "<unix ms> <text>" and closes the descriptors it carries, which systemd-notify's BARRIER=1
# waits for. Usage: notify-socket.py PATH
import array
import os
import socket
import sys
import time

path = sys.argv[1]
if os.path.exists(path):
    os.unlink(path)
server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
server.bind(path)
server.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
print("listening", flush=True)
fd_size = array.array("i").itemsize
while True:
    data, ancillary, _flags, _address = server.recvmsg(
        4096, socket.CMSG_SPACE(16 * fd_size) + socket.CMSG_SPACE(12)
    )
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            for fd in array.array("i", payload[: len(payload) - len(payload) % fd_size]):
                os.close(fd)
    print(int(time.time() * 1000), data.decode().replace("\n", " "), flush=True)
