import type { Random } from './random';

// Word lists for realistic chat text: English (common words first, so skewed picks give a Zipf-like spread, with
// a tail of technical words) and Chinese words of one to three characters.

export const ENGLISH = `the of and to a in is it you that for on with as this are be can not or your have
from by an will if what how but all they more do use when which so one about there their we out up
would some time has like also just them then other than code data file function model question answer
example please need want make help new error value list table query server user message system change
work test write read first because should could into only any each way see using here where while
number string type return result issue problem version update install build run script python javascript
typescript react node database index search performance memory network request response api client
thanks explain difference between better simple quick fast slow large small simple default option
config setting environment variable package module import export class object array loop condition
branch merge commit review deploy docker container cluster kubernetes cloud storage cache redis postgres
sqlite migration schema column row key primary foreign join select insert delete transaction lock
thread process async await promise callback event stream buffer socket timeout retry limit budget token
prompt context window chat conversation reply summary translate language english chinese grammar
weather travel holiday recipe dinner coffee morning evening weekend meeting schedule project deadline
report document email letter resume interview salary career learning course lesson homework exam
history science physics chemistry biology mathematics algebra geometry statistics probability
algorithm complexity recursion iteration graph tree heap queue stack hash sort binary linear matrix
vector tensor gradient training inference embedding transformer attention layer neural network
accuracy precision recall benchmark latency throughput bandwidth percentile histogram dashboard
monitoring logging tracing alert incident postmortem rollback canary feature flag experiment
kubectl terraform ansible nginx certificate firewall encryption password authentication oauth
refactor linting formatting prettier eslint webpack vite bundler compiler interpreter runtime
garbage collector pointer reference mutable immutable closure generator iterator decorator
xylograph quokka zeppelin marmalade saxophone obsidian pangolin tamarind`
  .split(/\s+/)
  .filter(Boolean);

export const CHINESE = `今天 天气 我们 你好 谢谢 问题 可以 什么 怎么 因为 所以 但是 如果 已经 现在 时候 知道
需要 使用 数据 模型 代码 函数 系统 用户 服务 网络 性能 内存 数据库 搜索 索引 查询 结果 错误 版本 更新 安装
配置 环境 变量 文件 目录 测试 部署 容器 集群 缓存 事务 并发 线程 进程 算法 复杂 训练 推理 向量 矩阵 学习
工作 项目 会议 计划 周末 旅行 咖啡 晚饭 早上 晚上 朋友 家人 孩子 学校 老师 考试 历史 科学 物理 化学 生物
数学 翻译 语言 中文 英文 语法 总结 解释 区别 例子 简单 快速 缓慢 很好 不错 非常 一下 一个 这个 那个 还是
或者 而且 然后 比较 应该 可能 一定 重要 方法 方式 原因 效果 提高 降低 优化 分析 设计 实现 开发 维护 文档
报告 邮件 简历 面试 工资 城市 北京 上海 广州 深圳 杭州 成都 春天 夏天 秋天 冬天 下雨 阳光 电脑 手机 软件
硬件 云端 存储 加密 密码 登录 注册 权限 接口 请求 响应 延迟 吞吐 监控 日志 告警 回滚 熊猫 琵琶 麒麟`
  .split(/\s+/)
  .filter(Boolean);

const ZH_PUNCT = ['，', '，', '。', '！', '？', '、'];

function englishSentence(rnd: Random, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i += 1) out.push(rnd.pickSkewed(ENGLISH));
  const s = out.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}${rnd.pick(['.', '.', '?', '!'])}`;
}

function chineseSentence(rnd: Random, words: number): string {
  let s = '';
  for (let i = 0; i < words; i += 1) {
    s += rnd.pickSkewed(CHINESE);
    if (i + 1 < words && rnd.next() < 0.2) s += rnd.pick(ZH_PUNCT);
  }
  return `${s}${rnd.pick(['。', '？', '！'])}`;
}

/** A chat message: about 45% English, 35% Chinese, 20% mixed; assistant replies are longer than user turns. */
export function messageText(rnd: Random, byUser: boolean): string {
  const sentences = byUser ? rnd.int(1, 2) : rnd.int(2, 6);
  const kind = rnd.next();
  const parts: string[] = [];
  for (let i = 0; i < sentences; i += 1) {
    const zh = kind < 0.45 ? false : kind < 0.8 ? true : rnd.next() < 0.5;
    parts.push(zh ? chineseSentence(rnd, rnd.int(3, 10)) : englishSentence(rnd, rnd.int(5, 16)));
  }
  return parts.join(' ');
}

/** A conversation title: a few words, like the generated titles. */
export function titleText(rnd: Random): string {
  if (rnd.next() < 0.4) return chineseSentence(rnd, rnd.int(2, 3)).slice(0, -1);
  return englishSentence(rnd, rnd.int(2, 5)).slice(0, -1);
}
