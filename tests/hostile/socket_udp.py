# Hostile: A UDP socket.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot use the network
import socket
socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
