"""Makes the Chinese-encoded test records (run from this folder: python3 make_encoded.py).

Each record is written in one encoding, with and without the CA property. The Big5 and GBK
texts hold characters whose second byte is 0x5C ('\\') or 0x5D (']'), which break a
byte-level SGF reader: 許 功 蓋 (Big5 B35C A55C BB5C), 廬 揮 沒 (GBK 8F5D 935D 9B5D), 淺 (GBK 9C5C).
"""

SIMPLIFIED = (
    "EV[第十届全国围棋个人赛]RO[第三轮]PC[北京中国棋院]DT[2002-05-01]"
    "PB[常昊]BR[九段]PW[古力]WR[七段]RU[中国规则]KM[7.5]RE[黑中盘胜]"
)
SIMPLIFIED_MOVES = ";B[pd]C[黑棋先行，星位。];W[dd]C[白棋对星，布局平稳。];B[pq];W[dp]"

TRADITIONAL_BIG5 = (
    "EV[第十屆全國圍棋個人賽]RO[第三輪]PC[台北]DT[2002-05-01]"
    "PB[許家元]BR[九段]PW[功夫蓋世]WR[七段]RU[中國規則]KM[7.5]RE[黑中盤勝]"
)
TRADITIONAL_BIG5_MOVES = ";B[pd]C[許多棋手認為這是好棋。];W[dd]C[白棋功力深厚，蓋過黑棋。];B[pq];W[dp]"

TRADITIONAL_GBK = (
    "EV[廬山圍棋邀請賽]RO[決賽]PC[廬山]DT[2002-05-01]"
    "PB[揮毫者]BR[九段]PW[沒有名字]WR[七段]RU[中國規則]KM[7.5]RE[白中盤勝]"
)
TRADITIONAL_GBK_MOVES = ";B[pd]C[淺析：黑棋揮灑自如。];W[dd]C[白棋沒有退路。];B[pq];W[dp]"


def record(info, moves, ca):
    head = "(;FF[4]GM[1]SZ[19]" + (f"CA[{ca}]" if ca else "")
    return head + info + "\n" + moves + ")\n"


def main():
    files = {
        "gb2312-ca.sgf": (record(SIMPLIFIED, SIMPLIFIED_MOVES, "GB2312"), "gb2312"),
        "gb2312-noca.sgf": (record(SIMPLIFIED, SIMPLIFIED_MOVES, None), "gb2312"),
        "gbk-ca.sgf": (record(TRADITIONAL_GBK, TRADITIONAL_GBK_MOVES, "GBK"), "gbk"),
        "gbk-noca.sgf": (record(TRADITIONAL_GBK, TRADITIONAL_GBK_MOVES, None), "gbk"),
        "big5-ca.sgf": (record(TRADITIONAL_BIG5, TRADITIONAL_BIG5_MOVES, "Big5"), "big5"),
        "big5-noca.sgf": (record(TRADITIONAL_BIG5, TRADITIONAL_BIG5_MOVES, None), "big5"),
        "utf8-noca.sgf": (record(SIMPLIFIED, SIMPLIFIED_MOVES, None), "utf-8"),
    }
    for name, (text, enc) in files.items():
        with open(name, "wb") as f:
            f.write(text.encode(enc))


if __name__ == "__main__":
    main()
