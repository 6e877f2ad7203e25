# Hostile: Connect to a web server.
# expect-exit: 1
# expect: PermissionError: autogradviz scripts cannot use the network
import socket
socket.create_connection(('127.0.0.1', 80), timeout=1)
