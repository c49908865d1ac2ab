# cmake -DIN=x.spv -DOUT=x.spv.cpp -DNAME=x -P embed_spirv.cmake
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" n)
math(EXPR words "${n} / 8")
# SPIR-V is a stream of little-endian 32-bit words: regroup the bytes into 0xDDCCBBAA literals.
string(REGEX REPLACE "(..)(..)(..)(..)" "0x\\4\\3\\2\\1u," body "${hex}")
string(REGEX REPLACE "(0x[0-9a-f]+u,0x[0-9a-f]+u,0x[0-9a-f]+u,0x[0-9a-f]+u,0x[0-9a-f]+u,0x[0-9a-f]+u,0x[0-9a-f]+u,0x[0-9a-f]+u,)" "\\1\n" body "${body}")
file(WRITE "${OUT}" "#include <cstddef>\n#include <cstdint>\nextern const uint32_t pl_spv_${NAME}[];\nextern const std::size_t pl_spv_${NAME}_words;\nconst uint32_t pl_spv_${NAME}[] = {\n${body}\n};\nconst std::size_t pl_spv_${NAME}_words = ${words};\n")
