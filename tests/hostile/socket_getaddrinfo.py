# Hostile: Resolve a host name.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot use the network
import socket
socket.getaddrinfo('localhost', 80)
